import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { type ConsoleWire, providerCreateRequestSchema } from '#contract/admin/game-providers';
import { copyText } from '#lib/clipboard';
import { toast } from '#lib/toast';
import { TextAreaField, TextField } from '#ui/form-fields';
import { useProviderCreateMutation } from '../admin.mutations';
import { adminQueries } from '../admin.queries';
import { EditorActions } from './editor-actions';
import { EditorFrame } from './editor-frame';
import { usePathProblems } from './use-path-problems';

/**
 * Adds an aggregator's provider (issue 34, decision 0054) of one of the console's wires: what the aggregator
 * gave in (its API address and ids; Hub88's public key and each site's sub-partner id; Evolution's casino key
 * and API token), and what it must be given out: Beacon's public key (Hub88) or the authToken (Evolution), and
 * the wallet's address. The provider starts off; its games are imported from its row.
 */
export function ProviderEditor({ wire, onClose }: { wire: ConsoleWire; onClose: () => void }) {
  const { t } = useLingui();
  const form = useRef<HTMLFormElement>(null);
  const problems = usePathProblems(form);
  const save = useProviderCreateMutation();
  const sites = useQuery({ ...adminQueries.sites(), enabled: wire === 'hub88' });
  const [fields, setFields] = useState({
    code: '',
    name: '',
    baseUrl: '',
    operatorId: '',
    defaultChannel: 'slots',
    verifyKey: '',
    casinoKey: '',
    signKey: '',
  });
  const [partners, setPartners] = useState<Record<string, string>>({});
  const set = (key: keyof typeof fields) => (value: string) => setFields((f) => ({ ...f, [key]: value }));
  // The sites given an id, in the order sent: the server names a problem by its place in that list.
  const given = (sites.data ?? []).filter((s) => (partners[s.domain] ?? '').trim() !== '');
  const pathOf = (domain: string) =>
    `subPartners.${given.findIndex((s) => s.domain === domain)}.subPartnerId`;
  const aggregator = wire === 'evolution' ? 'Evolution' : 'Hub88';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const common = {
      code: fields.code,
      name: fields.name,
      baseUrl: fields.baseUrl,
      defaultChannel: fields.defaultChannel,
    };
    const input = problems.validate(
      providerCreateRequestSchema,
      wire === 'evolution'
        ? { ...common, wire, casinoKey: fields.casinoKey, signKey: fields.signKey }
        : {
            ...common,
            wire,
            verifyKey: fields.verifyKey,
            operatorId: fields.operatorId.trim() === '' ? undefined : Number(fields.operatorId),
            subPartners: given.map((site) => ({
              site: site.domain,
              subPartnerId: partners[site.domain] ?? '',
            })),
          },
    );
    if (input) save.mutate(input, { onError: problems.showApiError });
  };

  if (save.data) return <ProviderCreated wire={wire} created={save.data} onClose={onClose} />;
  return (
    <EditorFrame title={t`New ${aggregator} provider`} form={form} onSubmit={submit}>
      <TextField
        label={t`Code`}
        hint={t`Lower-case letters, digits and dashes; the wallet's address names it`}
        {...problems.field('code', fields.code, set('code'))}
      />
      <TextField label={t`Name`} {...problems.field('name', fields.name, set('name'))} />
      <TextField
        label={t`${aggregator} API address`}
        type="url"
        hint={
          wire === 'evolution'
            ? t`As Evolution gave it, for example https://yourcasino.evo-games.com`
            : t`As Hub88 gave it, for example https://api.hub88.io`
        }
        {...problems.field('baseUrl', fields.baseUrl, set('baseUrl'))}
      />
      <TextField
        label={t`Channel of its games`}
        hint={t`A game channel's code, such as slots`}
        {...problems.field('defaultChannel', fields.defaultChannel, set('defaultChannel'))}
      />
      {wire === 'evolution' ? (
        <>
          <TextField
            label={t`Casino key`}
            autoComplete="off"
            {...problems.field('casinoKey', fields.casinoKey, set('casinoKey'))}
          />
          <TextField
            label={t`Evolution's API token`}
            autoComplete="off"
            hint={t`Beacon opens games with it; it is stored encrypted and not shown again`}
            {...problems.field('signKey', fields.signKey, set('signKey'))}
          />
        </>
      ) : (
        <>
          <TextField
            label={t`Operator id`}
            inputMode="numeric"
            {...problems.field('operatorId', fields.operatorId, set('operatorId'))}
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
        </>
      )}
      <EditorActions saving={save.isPending} onClose={onClose} submitLabel={<Trans>Add provider</Trans>} />
    </EditorFrame>
  );
}

/** What the aggregator must be given, shown once: the private key or token behind it is never shown again. */
function ProviderCreated({
  wire,
  created,
  onClose,
}: {
  wire: ConsoleWire;
  created: { provider: { name: string; code: string }; handOver: string; walletPath: string };
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
      {wire === 'evolution' ? (
        <>
          <p>
            <Trans>
              Give Evolution these two: the authentication token its calls must carry, and the wallet's
              address. The token is shown only now. The provider is off until its games are imported and it is
              switched on.
            </Trans>
          </p>
          <TextField label={t`Authentication token`} readOnly value={created.handOver} />
        </>
      ) : (
        <>
          <p>
            <Trans>
              Give Hub88 these two: Beacon's public key, which checks Beacon's calls, and the wallet's
              address. The provider is off until its games are imported and it is switched on.
            </Trans>
          </p>
          <TextAreaField
            label={t`Beacon's public key`}
            rows={6}
            readOnly
            value={created.handOver}
            onChange={() => undefined}
          />
        </>
      )}
      <TextField label={t`Wallet address`} readOnly value={walletUrl} />
      <div className="admin-actions">
        <button
          type="button"
          className="button button--secondary"
          onClick={() => void copy(created.handOver)}
        >
          {wire === 'evolution' ? <Trans>Copy the token</Trans> : <Trans>Copy the key</Trans>}
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
