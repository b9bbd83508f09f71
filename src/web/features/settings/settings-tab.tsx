// The Settings tab (decision 055): the business's settings in four sections, each its own form.
// Both roles read them; a master admin saves a section at a time, on the version its form was
// opened on, so a save after another admin's is refused and their values are shown instead.
// Prices ask for confirmation first: they are what customers are charged.
import { LoaderCircle, Save } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import type { SaveSettingsRequest } from '../../../shared/schemas/settings';
import type { SettingsSection } from '../../../shared/settings';
import { settingsSectionNames } from '../../../shared/settings';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { LoadFailed, Loading, RefreshButton, useLoadErrorToast } from '../../components/ui/query-state';
import { ApiRequestError } from '../../lib/api';
import { toast } from '../../lib/toast';
import { OpeningCard } from './opening-card';
import { PromoCodesCard } from './promo-codes-card';
import { useSaveSettings, useSettings, type SettingsResponse } from './settings-api';
import { type Draft, type FieldErrors, fieldKeyOf, fromDraft, sectionFields, sectionTitles, toDraft } from './settings-form';
import { SettingsField } from './settings-fields';

type SectionState = { draft: Draft; base: number; dirty: boolean; errors: FieldErrors };
type Sections = Record<SettingsSection, SectionState>;

const fresh = (data: SettingsResponse): Sections =>
  Object.fromEntries(settingsSectionNames.map((s) => [s, { draft: toDraft(s, data.settings[s]), base: data.version, dirty: false, errors: {} }])) as Sections;

/** The fields whose text differs from the saved values, as "label: before → after" lines. */
function changes(section: SettingsSection, saved: Draft, draft: Draft): string[] {
  return sectionFields[section].filter((f) => (saved[f.key] ?? '') !== (draft[f.key] ?? '')).map((f) => `${f.label}: ${saved[f.key] || 'the rule'} → ${draft[f.key] || 'the rule'}`);
}

export function SettingsTab() {
  const query = useSettings();
  const save = useSaveSettings();
  const [sections, setSections] = useState<Sections | null>(null);
  const [confirming, setConfirming] = useState<SettingsSection | null>(null);
  useLoadErrorToast('Could not load the settings', query.error);

  // new values from the server replace the sections nobody is editing; an edited one keeps its text
  const data = query.data;
  useEffect(() => {
    if (!data) return;
    setSections((now) => {
      if (!now) return fresh(data);
      const next = fresh(data);
      for (const s of settingsSectionNames) if (now[s].dirty) next[s] = now[s];
      return next;
    });
  }, [data]);

  if (query.isPending) return <Loading>Loading the settings...</Loading>;
  if (query.isError || !data) return <LoadFailed title="Could not load the settings" query={query} />;
  if (!sections) return <Loading>Loading the settings...</Loading>;

  const update = (section: SettingsSection, patch: Partial<SectionState>) => setSections((now) => (now ? { ...now, [section]: { ...now[section], ...patch } } : now));

  const send = (section: SettingsSection) => {
    const state = sections[section];
    const read = fromDraft(section, state.draft);
    if (!read.ok) {
      update(section, { errors: read.errors });
      toast.error('Settings not saved', { description: 'Check the fields marked below.' });
      return;
    }
    save.mutate(
      // the union of sections by its tag: this section's values, read by its own schema above
      { section, version: state.base, values: read.values } as SaveSettingsRequest,
      {
        onSuccess: (saved) => {
          setConfirming(null);
          setSections((now) => {
            if (!now) return now;
            const next = fresh(saved);
            // another section's unsaved edits stay; made on the version just replaced by this save, they move on with it
            for (const s of settingsSectionNames) if (s !== section && now[s].dirty) next[s] = { ...now[s], base: now[s].base === saved.version - 1 ? saved.version : now[s].base };
            return next;
          });
          toast.success(`${sectionTitles[section].title}: saved`, { description: 'The change applies at once.' });
        },
        onError: (error) => {
          setConfirming(null);
          if (error instanceof ApiRequestError && error.error.code === 'settings_changed') {
            // their values come with the settings read again (settings-api.ts); this section shows them
            update(section, { dirty: false, errors: {} });
          } else if (error instanceof ApiRequestError) {
            const errors: FieldErrors = {};
            // the server names a section's field under values ('values.phone')
            for (const [key, message] of Object.entries(error.fields)) errors[fieldKeyOf(section, key.replace(/^values\./, '').split('.'))] ??= message;
            update(section, { errors });
          }
          toast.error('Settings not saved', { description: error.message });
        },
      },
    );
  };

  const savedDraft = (section: SettingsSection) => toDraft(section, data.settings[section]);
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600">
          {data.canEdit ? 'Each section is saved on its own, and each says where it applies. Every change is kept in the audit log.' : 'Only a master admin can change the settings.'}
        </p>
        <RefreshButton query={query} />
      </div>
      <OpeningCard data={data} />
      {settingsSectionNames.map((section) => (
        <SectionCard
          key={section}
          section={section}
          state={sections[section]}
          canEdit={data.canEdit}
          pending={save.isPending && save.variables?.section === section}
          onChange={(key, value) => update(section, { draft: { ...sections[section].draft, [key]: value }, dirty: true })}
          onSubmit={() => {
            const read = fromDraft(section, sections[section].draft);
            if (section === 'prices' && read.ok) setConfirming('prices');
            else send(section);
          }}
        />
      ))}
      <PromoCodesCard />
      <ConfirmDialog
        open={confirming === 'prices'}
        title="Change the prices?"
        description={
          <span className="flex flex-col gap-2">
            <span>New bookings are quoted and billed at these prices. Bookings already made keep the prices they were quoted.</span>
            <span className="flex flex-col">
              {changes('prices', savedDraft('prices'), sections.prices.draft).map((line) => (
                <span key={line}>{line}</span>
              ))}
            </span>
          </span>
        }
        confirmLabel="Save prices"
        pendingLabel="Saving..."
        pending={save.isPending}
        onConfirm={() => send('prices')}
        onCancel={() => setConfirming(null)}
      />
    </div>
  );
}

function SectionCard({
  section,
  state,
  canEdit,
  pending,
  onChange,
  onSubmit,
}: {
  section: SettingsSection;
  state: SectionState;
  canEdit: boolean;
  pending: boolean;
  onChange: (key: string, value: string) => void;
  onSubmit: () => void;
}) {
  const uid = useId();
  const { title, description, inUse, appliesTo } = sectionTitles[section];
  const editable = canEdit && inUse;
  return (
    <Card>
      <CardHeader>
        <CardTitle id={`${uid}-title`}>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
        <p className={inUse ? 'text-sm text-slate-700' : 'text-sm font-medium text-amber-800'}>{appliesTo}</p>
      </CardHeader>
      <CardContent>
        <form
          aria-labelledby={`${uid}-title`}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            onSubmit();
          }}
        >
          <fieldset disabled={!editable || pending} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {sectionFields[section].map((f) => (
              <SettingsField key={f.key} id={`${uid}-${f.key.replace('.', '-')}`} field={f} value={state.draft[f.key] ?? ''} error={state.errors[f.key]} onChange={(value) => onChange(f.key, value)} />
            ))}
          </fieldset>
          {state.errors._ ? <p className="mt-3 text-sm font-medium text-destructive">{state.errors._}</p> : null}
          {editable ? (
            <div className="mt-4 flex justify-end">
              <Button type="submit" disabled={pending}>
                {pending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <Save aria-hidden="true" />}
                {pending ? 'Saving...' : `Save ${title.replace(/^The /, 'the ').toLowerCase()}`}
              </Button>
            </div>
          ) : null}
        </form>
      </CardContent>
    </Card>
  );
}
