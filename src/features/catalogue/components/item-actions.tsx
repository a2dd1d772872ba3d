import { useLingui } from '@lingui/react/macro';
import { Link, useLocation, useNavigate } from '@tanstack/react-router';
import { useIsLogin } from '#lib/session';
import { ClockIcon, PinIcon } from '#ui/icons';
import { itemAction } from '../apply-result';
import type { CatalogueActions } from '../catalogue.mutations';
import type { Catalogue, CatalogueItem } from '../catalogues';

interface ItemActionsProps<Item extends CatalogueItem, Id> {
  /** The item's catalogue: how it names the item, where its view button leads (/promotion/1 or /2). */
  catalogue: Catalogue<Item, Id, never, { link: string }>;
  item: Item;
  /** The catalogue's actions (an apply being sent or queued shows as such). */
  actions: CatalogueActions<Id>;
  canPin: boolean;
  compact?: boolean;
}

/** Spec section 2: apply, a greyed apply while the link is pending, or view; the pin button for job 2. */
export function ItemActions<Item extends CatalogueItem, Id>({
  catalogue,
  item,
  actions,
  canPin,
  compact = false,
}: ItemActionsProps<Item, Id>) {
  const { t } = useLingui();
  const name = catalogue.nameOf(item);
  const id = catalogue.idOf(item);
  const loggedIn = useIsLogin();
  const navigate = useNavigate();
  const here = useLocation({ select: (location) => location.href });
  const action = itemAction(item);
  const size = compact ? 'button--small' : '';
  const applyState = actions.applyState(id);
  const pinState = canPin ? actions.pinState(id) : undefined;
  const applying = applyState === 'sending';
  const pinning = pinState !== undefined;
  // Only while the row offers Apply again: once the list shows the truth (applied elsewhere), it is stale.
  const refusal = action === 'apply' && applyState === undefined ? actions.refusal(id) : undefined;

  return (
    <div className={`item-actions ${compact ? 'item-actions--compact' : ''}`}>
      {applyState === 'queued' ? (
        <button
          type="button"
          className={`button button--muted ${size}`}
          disabled
          data-state="queued"
          // The name starts with the visible word (WCAG 2.5.3, label in name), then says what it waits for.
          aria-label={`${t`Queued`}: ${t`Apply for ${name}: waiting for a connection`}`}
          title={t`It will be sent when you're back online`}
        >
          <ClockIcon size={16} />
          {t`Queued`}
        </button>
      ) : action === 'apply' ? (
        <button
          type="button"
          className={`button button--primary ${size}`}
          aria-label={t`Apply for ${name}`}
          aria-busy={applying || undefined}
          disabled={applying}
          onClick={() => {
            // DESIGN.md section 4: apply asks the user to log in first, then comes back here.
            if (!loggedIn) void navigate({ to: '/login', search: { redirect: here } });
            else actions.apply(id);
          }}
        >
          {applying ? (
            <span className="spinner spinner--small spinner--on-primary" aria-hidden="true" />
          ) : null}
          {t`Apply`}
        </button>
      ) : action === 'pending' ? (
        <button
          type="button"
          className={`button button--muted ${size}`}
          disabled
          aria-label={t`Apply for ${name}: link under review`}
          title={t`Your link is under review`}
        >
          {t`Apply`}
        </button>
      ) : (
        <Link
          to="/promotion/{-$id}"
          params={{ id: catalogue.promotionId }}
          className={`button button--outline ${size}`}
          aria-label={t`View the link for ${name}`}
        >
          {t`View`}
        </Link>
      )}
      {canPin ? (
        <button
          type="button"
          className={`pin-button ${item.pinned ? 'pin-button--on' : ''}`}
          aria-pressed={item.pinned}
          aria-label={t`Pin ${name} to the top`}
          aria-busy={pinning || undefined}
          disabled={pinning}
          data-state={pinState}
          title={pinState === 'queued' ? t`It will be sent when you're back online` : undefined}
          onClick={() => actions.pin(id)}
        >
          <PinIcon size={20} />
        </button>
      ) : null}
      {refusal?.nextStep ? (
        <p className="item-actions__note" role="status">
          {t(refusal.nextStep)}
          {refusal.needsAppCard ? (
            <button type="button" className="link-button" onClick={actions.addAppCard}>
              {t`Add account card`}
            </button>
          ) : null}
        </p>
      ) : null}
    </div>
  );
}
