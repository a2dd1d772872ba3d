import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import {
  MESSAGE_UIDS_MAX,
  type MessageBroadcast,
  type MessageSegment,
  type MessageSendFields,
  type MessageSendResult,
  messageSendRequestSchema,
} from '#contract/admin/message';
import type { ContentLocale } from '#contract/locales';
import { MESSAGE_BODY_MAX, MESSAGE_TITLE_MAX } from '#contract/messages';
import { ApiError } from '#lib/api-client';
import { LOCALE_NAMES } from '#lib/i18n';
import { newIdempotencyKey } from '#lib/idempotency';
import { toast } from '#lib/toast';
import { Dialog } from '#ui/dialog';
import { DialogActions } from '#ui/dialog-actions';
import { TextField } from '#ui/form-fields';
import { useMessageResumeMutation, useMessageSendMutation } from '../admin.mutations';
import { adminQueries } from '../admin.queries';
import { AdminSection, type FilteredPageProps } from './admin-section';
import { AdminTable } from './admin-table';
import { CheckGroup } from './check-field';
import { EditorFrame } from './editor-frame';
import { TitleTextLocales, useLocaleTexts } from './locale-texts';
import { usePathProblems } from './use-path-problems';

export interface MessageFilters {
  /** The page of past sends. */
  page: number;
}

const SEGMENTS: readonly MessageSegment[] = ['uids', 'players', 'agents'];
/** A UID as typed: digits, no leading zero. */
const UID = /^[1-9]\d{0,14}$/;
/** UIDs a list row shows before "and N more". */
const UIDS_SHOWN = 5;

/**
 * Operators' messages to users (issue 16): a message composed per language, sent to some UIDs or a segment
 * (a segment after a confirmation), its outcome, and the past sends (their page in the URL).
 */
export function MessagesPage({ filters, onFilters }: FilteredPageProps<MessageFilters>) {
  const { i18n, t } = useLingui();
  const list = useQuery(adminQueries.messageSends(filters.page));
  // Each new composition is a new composer: new fields and a new key.
  const [draft, setDraft] = useState(0);
  const when = (at: number) => i18n.date(new Date(at), { dateStyle: 'short', timeStyle: 'short' });
  const recipientsOf = (s: MessageBroadcast) => {
    if (s.segment === 'players') return t`Every player`;
    if (s.segment === 'agents') return t`Every agent`;
    if (s.uids === null) return t`Users by UID`;
    const shown = s.uids.slice(0, UIDS_SHOWN).join(', ');
    const more = s.uids.length - UIDS_SHOWN;
    return more > 0 ? t`UIDs ${shown} and ${more} more` : t`UIDs ${shown}`;
  };

  return (
    <AdminSection id="messages" title={<Trans>Messages</Trans>}>
      <MessageComposer key={draft} onAnother={() => setDraft((d) => d + 1)} />
      <h3 className="admin-section__title">
        <Trans>Past sends</Trans>
      </h3>
      <AdminTable
        list={list}
        rowKey={(s) => s.id}
        empty={<Trans>No messages sent yet</Trans>}
        page={filters.page}
        onPage={(page) => onFilters({ page })}
        columns={[
          { header: t`Sent`, cell: (s) => when(s.createdAt) },
          { header: t`Recipients`, cell: recipientsOf },
          { header: t`Title`, cell: (s) => s.title },
          {
            header: t`Languages`,
            cell: (s) => s.locales.map((l) => LOCALE_NAMES[l as ContentLocale] ?? l).join(', '),
          },
          {
            header: t`Outcome`,
            cell: (s) => {
              const { recipients, skipped } = s;
              return s.finishedAt === null ? (
                <ResumeSend send={s} />
              ) : (
                t`${recipients} received, ${skipped} left out`
              );
            },
          },
          {
            header: t`By`,
            cell: (s) => {
              const uid = s.byUid;
              return uid === null ? '' : t`UID ${uid}`;
            },
          },
        ]}
      />
    </AdminSection>
  );
}

/**
 * A send cut short (the server stopped while writing it): said so, with a button that finishes it from the
 * request it stored, under its own key, so nobody gets it twice. A send from before requests were kept,
 * naming UIDs it did not keep, cannot be rebuilt: no button.
 */
function ResumeSend({ send }: { send: MessageBroadcast }) {
  const { t } = useLingui();
  const resume = useMessageResumeMutation();
  const resumable = send.segment !== 'uids' || send.uids !== null;
  return (
    <span className="admin-cell-actions">
      <Trans>Cut short before every recipient got it</Trans>
      {resumable ? (
        <button
          type="button"
          className="button button--secondary"
          disabled={resume.isPending}
          aria-label={t`Finish sending ${send.title}`}
          onClick={() =>
            resume.mutate(send.id, {
              onSuccess: (result) => {
                const { recipients } = result;
                toast.positive(t`Sent: ${recipients} received`);
              },
            })
          }
        >
          <Trans>Finish sending</Trans>
        </button>
      ) : null}
    </span>
  );
}

/**
 * One message being composed: its recipients, a title and text per language (a language left empty reads
 * the default language's), and its key, made once with the composer. A second click, or sending again
 * after an error, sends the same key, so the server never sends it twice; the next message is a new
 * composer (`onAnother`) with a new key.
 */
function MessageComposer({ onAnother }: { onAnother: () => void }) {
  const { t } = useLingui();
  const form = useRef<HTMLFormElement>(null);
  const [key] = useState(newIdempotencyKey);
  const send = useMessageSendMutation();
  const problems = usePathProblems(form);
  const texts = useLocaleTexts(() => ({ title: '', body: '' }), problems.clear);
  const [segment, setSegment] = useState<MessageSegment>('uids');
  const [uidsText, setUidsText] = useState('');
  const [uidsProblem, setUidsProblem] = useState<string | undefined>();
  const [confirming, setConfirming] = useState<MessageSendFields | null>(null);
  const [result, setResult] = useState<MessageSendResult | null>(null);
  const [sentBefore, setSentBefore] = useState(false);
  const message = problems.message;
  const maxUids = MESSAGE_UIDS_MAX;

  const segmentNames: Record<MessageSegment, string> = {
    uids: t`Users by UID`,
    players: t`Every player`,
    agents: t`Every agent (agents and senior agents)`,
  };

  const deliver = (fields: MessageSendFields) => {
    setConfirming(null);
    send.mutate(fields, {
      onSuccess: setResult,
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'idempotency_key_reused') setSentBefore(true);
        else problems.showApiError(error);
      },
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Pressed again while the first is on its way: the same key would answer the same, but once is enough.
    if (send.isPending) return;
    const tokens = uidsText.split(/[\s,]+/).filter((s) => s !== '');
    const bad = segment === 'uids' ? tokens.find((s) => !UID.test(s)) : undefined;
    setUidsProblem(bad === undefined ? undefined : t`Not a UID: ${bad}`);
    const fields = problems.validate(messageSendRequestSchema, {
      key,
      segment,
      ...(segment === 'uids' ? { uids: bad === undefined ? tokens.map(Number) : [] } : {}),
      texts: texts.written(),
      defaultLocale: texts.defaultLocale,
    });
    if (bad !== undefined) {
      form.current?.querySelector<HTMLInputElement>('[name="uids"]')?.focus();
      return;
    }
    if (!fields) return;
    if (fields.segment === 'uids') deliver(fields);
    else setConfirming(fields);
  };

  if (result) return <SendOutcome result={result} onAnother={onAnother} />;

  const title = t`New message`;
  const confirmation = (
    <Dialog
      open={confirming !== null}
      title={confirming?.segment === 'agents' ? t`Send to every agent?` : t`Send to every player?`}
      onClose={() => setConfirming(null)}
      footer={
        <DialogActions
          actions={[
            { label: t`Cancel`, variant: 'ghost', onClick: () => setConfirming(null) },
            {
              label: t`Send`,
              variant: 'primary',
              onClick: () => confirming && deliver(confirming),
              disabled: send.isPending,
            },
          ]}
        />
      }
    >
      <p className="dialog__text">
        <Trans>
          It reaches every one of them at once, except those in a time-out or self-exclusion, and cannot be
          taken back.
        </Trans>
      </p>
    </Dialog>
  );
  return (
    <EditorFrame title={title} form={form} onSubmit={submit} after={confirmation}>
      {sentBefore ? (
        <div role="alert">
          <p>
            <Trans>
              This message was already sent with other recipients or texts: nothing more was sent. Write
              another message to send a new one.
            </Trans>
          </p>
          <button type="button" className="button button--secondary" onClick={onAnother}>
            <Trans>Write another message</Trans>
          </button>
        </div>
      ) : null}
      <CheckGroup
        type="radio"
        legend={<Trans>Recipients</Trans>}
        name="segment"
        choices={SEGMENTS}
        labelOf={(s) => segmentNames[s]}
        isChecked={(s) => segment === s}
        onChange={(s) => {
          setSegment(s);
          setUidsProblem(undefined);
          problems.clear('uids');
        }}
      />
      {segment === 'uids' ? (
        <TextField
          label={t`UIDs`}
          hint={t`Up to ${maxUids}, separated by commas or spaces. A message to several users is marketing: those in a time-out or self-exclusion are left out.`}
          inputMode="numeric"
          autoComplete="off"
          {...problems.field('uids', uidsText, (value) => {
            setUidsText(value);
            setUidsProblem(undefined);
          })}
          error={uidsProblem ?? message('uids', t`UIDs`)}
        />
      ) : null}
      <TitleTextLocales
        texts={texts}
        message={message}
        max={{ title: MESSAGE_TITLE_MAX, body: MESSAGE_BODY_MAX }}
      />
      <div className="admin-actions">
        <button type="submit" className="button button--primary" disabled={send.isPending || sentBefore}>
          <Trans>Send</Trans>
        </button>
      </div>
    </EditorFrame>
  );
}

/** What a send did; the focus moves to it, since the form it replaces held the focus. */
function SendOutcome({ result, onAnother }: { result: MessageSendResult; onAnother: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const { recipients, skipped } = result;
  const unknown = result.unknownUids.join(', ');
  return (
    <div className="admin-editor">
      <div role="status">
        <h3 ref={heading} tabIndex={-1} className="admin-editor__title">
          <Trans>Message sent</Trans>
        </h3>
        <p>
          <Trans>Recipients: {recipients}</Trans>
        </p>
        {skipped > 0 ? (
          <p>
            <Trans>Left out, in a time-out or self-exclusion (no marketing): {skipped}</Trans>
          </p>
        ) : null}
        {unknown ? (
          <p>
            <Trans>UIDs without a user who can receive it: {unknown}</Trans>
          </p>
        ) : null}
      </div>
      <div className="admin-actions">
        <button type="button" className="button button--primary" onClick={onAnother}>
          <Trans>Write another message</Trans>
        </button>
      </div>
    </div>
  );
}
