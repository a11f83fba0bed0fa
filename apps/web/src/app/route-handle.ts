/** What a route tells the layouts around it (`handle` of a route object). */
export type RouteHandle = {
  /** A page prospects open (a shared demo): no account dialogs are loaded ahead of need. */
  isForProspects?: boolean;
};
