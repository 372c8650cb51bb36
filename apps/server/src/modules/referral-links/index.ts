export { referralLinksRoutes, shortLinkRoutes } from './referral-links-routes';
