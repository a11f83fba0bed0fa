// Every table of the product, for drizzle-kit and the typed database handle.
export * from '../../modules/auth/auth.tables';
export * from '../../modules/accounts/accounts.tables';
export * from '../mail/mail.tables';
