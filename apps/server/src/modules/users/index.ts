export { usersRoutes } from './users-routes';
export { ensureFirstAdmin } from './first-admin';
export { accountMailActions, enqueueAccountMail, voidResetTokens } from './account-mails';
export { normalizeEmail, toUser } from './users-service';
export { removeTwoFactor } from './two-factor-service';
