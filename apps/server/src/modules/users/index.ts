export { usersRoutes } from './users-routes';
export { ensureFirstAdmin } from './first-admin';
export { accountMailActions, enqueueAccountMail, voidResetTokens } from './account-mails';
export { normalizeEmail, toUser } from './users-service';
export { removeTwoFactor } from './two-factor-service';
export { verifySecondFactor, type SecondFactor } from './two-factor-service';
export { totpSecretPurpose } from './two-factor-routes';
