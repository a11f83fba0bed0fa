// Every table of the product, for drizzle-kit and the typed database handle.
export * from '../../modules/auth/auth.tables';
export * from '../../modules/accounts/accounts.tables';
export * from '../mail/mail.tables';
export * from '../../modules/credits/credits.tables';
export * from '../../modules/llm/llm.tables';
export * from '../../modules/agents/agents.tables';
export * from '../../modules/demos/demos.tables';
export * from '../../modules/public-api/public-api.tables';
export * from '../../modules/billing/billing.tables';
export * from '../payments/local-billing.tables';
export * from '../../modules/marketplace/marketplace.tables';
export * from '../../modules/files/files.tables';
export * from '../../modules/evaluation/evaluation.tables';
export * from '../../modules/widget/widget.tables';
export * from '../../modules/channels/channels.tables';
export * from '../../modules/channels/dev-phone.tables';
export * from '../../modules/campaigns/campaigns.tables';
