import {
  adminApiKeyScopeLabels,
  adminApiKeyScopes,
  apiKeyScopeLabels,
  maxPostbacksPerPartner,
  partnerApiKeyScopes,
  postbackEventTypes,
  webhookEventTypes,
} from '@portal/contract';
import { apiPaths } from '@/lib/api/paths';
import { ApiKeysSection } from '../components/api-keys-section';
import { EndpointsSection } from '../components/endpoints-section';

/** Admin settings → Webhooks and API keys (composed under the settings page by app/router.tsx). */
export function AdminIntegrationsSections() {
  return (
    <section aria-labelledby="integrations-heading" className="mt-10 space-y-6">
      <h2 id="integrations-heading" className="text-lg font-semibold text-slate-900">
        Integrations
      </h2>
      <EndpointsSection
        base={apiPaths.integrations.adminWebhooks}
        title="Webhooks"
        description="Signed events (Standard Webhooks) for your CRM, accounting, BI or Slack. Failed deliveries are retried for three days."
        noun="endpoint"
        events={webhookEventTypes}
        variant="admin"
      />
      <ApiKeysSection
        base={apiPaths.integrations.adminApiKeys}
        scopes={adminApiKeyScopes}
        scopeLabels={adminApiKeyScopeLabels}
        description="Keys for your own software. A key is shown once, works only on the public API and can be revoked at any time."
      />
    </section>
  );
}

/** Partner settings → API keys and postbacks (composed under the settings page by app/router.tsx). */
export function PartnerIntegrationsSections() {
  return (
    <section aria-labelledby="integrations-heading" className="mt-6 space-y-6">
      <h2 id="integrations-heading" className="sr-only">
        Integrations
      </h2>
      <ApiKeysSection
        base={apiPaths.integrations.partnerApiKeys}
        scopes={partnerApiKeyScopes}
        scopeLabels={apiKeyScopeLabels}
        description="Let your own software submit referrals and read their status (POST and GET /api/v1/partner/referrals)."
      />
      <EndpointsSection
        base={apiPaths.integrations.partnerPostbacks}
        title="Postbacks"
        description="Get your referrals’ events in your own system or a Slack channel, signed like webhooks."
        noun="postback"
        events={postbackEventTypes}
        variant="partner"
        max={maxPostbacksPerPartner}
      />
    </section>
  );
}
