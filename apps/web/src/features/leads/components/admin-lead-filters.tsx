import { useState } from 'react';
import { leadSourceLabels, leadSources, syncStateLabels, syncStates } from '@portal/contract';
import { PartnerPicker } from '@/components/partner-picker';
import { SearchInput } from '@/components/search-input';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { DateRangeFields } from '@/components/ui/date-range-fields';
import { Select } from '@/components/ui/select';
import { CheckboxField } from '@/components/ui/switch';
import { searchPartners } from '@/lib/api/search-partners';
import type { useAdminLeadFilters } from '../hooks/use-admin-lead-filters';

/** The admin list's search and filters. On a phone they fold away behind a button; from sm up they are always shown. */
export function AdminLeadFilterPanel({
  values,
  filters,
  hasFilters,
  setFilter,
  crmConfigured = true,
}: Pick<ReturnType<typeof useAdminLeadFilters>, 'values' | 'filters' | 'hasFilters' | 'setFilter'> & {
  /** Without a CRM every lead is "skipped": no CRM sync filter. */
  crmConfigured?: boolean;
}) {
  const [areFiltersOpen, setAreFiltersOpen] = useState(false);
  const search = (className: string) => (
    <SearchInput
      label="Search referrals"
      placeholder="Business, contact or email"
      value={values.q}
      onSearch={(q) => setFilter({ q })}
      className={className}
    />
  );
  return (
    <>
      <div className="mb-4 flex gap-2 sm:hidden">
        {search('flex-1')}
        <Button
          variant="secondary"
          aria-expanded={areFiltersOpen}
          aria-controls="lead-filters"
          onClick={() => setAreFiltersOpen(!areFiltersOpen)}
        >
          Filters{hasFilters ? ' •' : ''}
        </Button>
      </div>
      <div
        id="lead-filters"
        className={cn('mb-4 gap-3 sm:grid sm:grid-cols-2 lg:grid-cols-4', areFiltersOpen ? 'grid' : 'hidden')}
      >
        {search('hidden sm:col-span-2 sm:block')}
        <Select
          aria-label="Source"
          placeholder="All sources"
          options={leadSources.map((source) => ({ value: source, label: leadSourceLabels[source] }))}
          value={filters.source ?? ''}
          onChange={(event) => setFilter({ source: event.target.value })}
        />
        <Select
          className="self-start"
          aria-label="Owner"
          placeholder="Any owner"
          options={[
            { value: 'me', label: 'My leads' },
            { value: 'none', label: 'No owner' },
          ]}
          value={filters.owner ?? ''}
          onChange={(event) => setFilter({ owner: event.target.value })}
        />
        {crmConfigured && (
          <Select
            className="self-start"
            aria-label="CRM sync"
            placeholder="Any CRM sync state"
            options={syncStates.map((state) => ({ value: state, label: syncStateLabels[state] }))}
            value={filters.sync_state ?? ''}
            onChange={(event) => setFilter({ sync_state: event.target.value })}
          />
        )}
        <div className="sm:col-span-2">
          {values.unattributed === 'true' ? (
            <p className="py-2 text-sm text-slate-600">Showing unattributed referrals only.</p>
          ) : (
            <PartnerPicker
              label="Partner"
              value={
                values.partner_id
                  ? { id: Number(values.partner_id), name: values.partner_name || `Partner ${values.partner_id}`, email: '' }
                  : null
              }
              onChange={(partner) =>
                setFilter({ partner_id: partner ? String(partner.id) : null, partner_name: partner?.name ?? null })
              }
              search={searchPartners}
              emptyLabel="Any partner"
            />
          )}
          <div className="mt-2">
            <CheckboxField
              label="Unattributed only"
              checked={values.unattributed === 'true'}
              onChange={(checked) => setFilter({ unattributed: checked ? 'true' : null, partner_id: null, partner_name: null })}
            />
          </div>
          <div className="mt-2">
            <CheckboxField
              label="Disabled partner’s link only"
              checked={values.disabled_partner === 'true'}
              onChange={(checked) => setFilter({ disabled_partner: checked ? 'true' : null })}
            />
          </div>
        </div>
        <DateRangeFields
          from={values.from}
          to={values.to}
          onChange={setFilter}
          labels={{ from: 'Submitted from', to: 'Submitted to' }}
        />
      </div>
    </>
  );
}
