import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { providerCreateRequestSchema } from '#contract/admin/game-providers';
import { copyText } from '#lib/clipboard';
import { toast } from '#lib/toast';
import { TextAreaField, TextField } from '#ui/form-fields';
import { useProviderCreateMutation } from '../admin.mutations';
import { adminQueries } from '../admin.queries';
import { EditorActions } from './editor-actions';
import { EditorFrame } from './editor-frame';
import { usePathProblems } from './use-path-problems';

/**
 * Adds an aggregator's provider (issue 34, decision 0054; Hub88 today): what Hub88 gave (its API address, the
 * operator id, its public key, each site's sub-partner id) in, and what Hub88 must be given out: Beacon's
 * public key and its wallet's address. The provider starts off; its games are imported from its row.
 */
export function ProviderEditor({ onClose }: { onClose: () => void }) {
  const { t } = useLingui();
  const form = useRef<HTMLFormElement>(null);
  const problems = usePathProblems(form);
  const save = useProviderCreateMutation();
  const sites = useQuery(adminQueries.sites());
  const [fields, setFields] = useState({
    code: '',
    name: '',
    baseUrl: '',
    operatorId: '',
    defaultChannel: 'slots',
    verifyKey: '',
  });
  const [partners, setPartners] = useState<Record<string, string>>({});
  const set = (key: keyof typeof fields) => (value: string) => setFields((f) => ({ ...f, [key]: value }));
  // The sites given an id, in the order sent: the server names a problem by its place in that list.
  const given = (sites.data ?? []).filter((s) => (partners[s.domain] ?? '').trim() !== '');
  const pathOf = (domain: string) =>
    `subPartners.${given.findIndex((s) => s.domain === domain)}.subPartnerId`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = problems.validate(providerCreateRequestSchema, {
      ...fields,
      wire: 'hub88',
      operatorId: fields.operatorId.trim() === '' ? undefined : Number(fields.operatorId),
      subPartners: given.map((site) => ({ site: site.domain, subPartnerId: partners[site.domain] ?? '' })),
    });
    if (input) save.mutate(input, { onError: problems.showApiError });
  };

  if (save.data) return <ProviderCreated created={save.data} onClose={onClose} />;
  return (
    <EditorFrame title={t`New Hub88 provider`} form={form} onSubmit={submit}>
      <TextField
        label={t`Code`}
        hint={t`Lower-case letters, digits and dashes; the wallet's address names it`}
        {...problems.field('code', fields.code, set('code'))}
      />
      <TextField label={t`Name`} {...problems.field('name', fields.name, set('name'))} />
      <TextField
        label={t`Hub88 API address`}
        type="url"
        hint={t`As Hub88 gave it, for example https://api.hub88.io`}
        {...problems.field('baseUrl', fields.baseUrl, set('baseUrl'))}
      />
      <TextField
        label={t`Operator id`}
        inputMode="numeric"
        {...problems.field('operatorId', fields.operatorId, set('operatorId'))}
      />
      <TextField
        label={t`Channel of its games`}
        hint={t`A game channel's code, such as slots`}
        {...problems.field('defaultChannel', fields.defaultChannel, set('defaultChannel'))}
      />
      <TextAreaField
        label={t`Hub88's public key`}
        name="verifyKey"
        rows={6}
        value={fields.verifyKey}
        onChange={(value) => {
          set('verifyKey')(value);
          problems.clear('verifyKey');
        }}
        error={problems.message('verifyKey')}
        hint={t`The PEM text Hub88 gave, from -----BEGIN PUBLIC KEY-----`}
      />
      <fieldset className="admin-editor__language">
        <legend>
          <Trans>Sub-partner id of each site (optional)</Trans>
        </legend>
        {(sites.data ?? []).map((site) => (
          <TextField
            key={site.domain}
            label={t`Sub-partner id: ${site.name}`}
            name={pathOf(site.domain)}
            value={partners[site.domain] ?? ''}
            onChange={(e) => {
              problems.clear(pathOf(site.domain));
              setPartners((p) => ({ ...p, [site.domain]: e.target.value }));
            }}
            error={problems.message(pathOf(site.domain))}
          />
        ))}
      </fieldset>
      <EditorActions saving={save.isPending} onClose={onClose} submitLabel={<Trans>Add provider</Trans>} />
    </EditorFrame>
  );
}

/** What Hub88 must be given, shown once: the private key behind it is never shown. */
function ProviderCreated({
  created,
  onClose,
}: {
  created: { provider: { name: string; code: string }; signPublicKey: string; walletPath: string };
  onClose: () => void;
}) {
  const { t } = useLingui();
  const walletUrl = `${window.location.origin}${created.walletPath}`;
  const copy = async (text: string) => {
    if (await copyText(text)) toast.positive(t`Copied`);
    else toast.negative(t`Could not copy: select the text and copy it`);
  };
  return (
    <section className="admin-editor" aria-labelledby="provider-created-title">
      <h3 id="provider-created-title" className="admin-editor__title">
        <Trans>Provider added: {created.provider.name}</Trans>
      </h3>
      <p>
        <Trans>
          Give Hub88 these two: Beacon's public key, which checks Beacon's calls, and the wallet's address.
          The provider is off until its games are imported and it is switched on.
        </Trans>
      </p>
      <TextAreaField
        label={t`Beacon's public key`}
        rows={6}
        readOnly
        value={created.signPublicKey}
        onChange={() => undefined}
      />
      <TextField label={t`Wallet address`} readOnly value={walletUrl} />
      <div className="admin-actions">
        <button
          type="button"
          className="button button--secondary"
          onClick={() => void copy(created.signPublicKey)}
        >
          <Trans>Copy the key</Trans>
        </button>
        <button type="button" className="button button--secondary" onClick={() => void copy(walletUrl)}>
          <Trans>Copy the address</Trans>
        </button>
        <button type="button" className="button button--primary" onClick={onClose}>
          <Trans>Done</Trans>
        </button>
      </div>
    </section>
  );
}
