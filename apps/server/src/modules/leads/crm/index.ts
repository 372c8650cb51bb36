import type { Config } from '../../../config';
import type { CrmConnector } from './crm-connector';
import { createNoneConnector } from './none-connector';
import { createZohoConnector } from './zoho-connector';

export type { CrmConnector } from './crm-connector';

/** The connector the configuration names (CRM=none or CRM=zoho). */
export function createCrmConnector(config: Config): CrmConnector {
  if (config.CRM === 'zoho') {
    return createZohoConnector({
      clientId: config.ZOHO_CLIENT_ID ?? '',
      clientSecret: config.ZOHO_CLIENT_SECRET ?? '',
      refreshToken: config.ZOHO_REFRESH_TOKEN ?? '',
      accountsUrl: config.ZOHO_ACCOUNTS_URL,
      apiUrl: config.ZOHO_API_URL,
      apiVersion: config.ZOHO_API_VERSION,
    });
  }
  return createNoneConnector();
}
