import { useLingui } from '@lingui/react/macro';
import { copyText } from '#lib/clipboard';
import { siteStore } from '#lib/site';
import { useStore } from '#lib/store';
import { closeSupport, supportOpen } from '#lib/support';
import { toast } from '#lib/toast';
import { Dialog } from './dialog';
import { SupportIcon } from './icons';
import './support-dialog.css';

/** Used when no site entry matched this host. */
export const DEFAULT_SUPPORT_HANDLE = '@beacon_support';

/** Spec section 4: persistent; OK closes it, copies the handle and confirms at the top. */
export function SupportDialog() {
  const open = useStore(supportOpen);
  const site = useStore(siteStore);
  const { t } = useLingui();
  const handle = site?.supportHandle || DEFAULT_SUPPORT_HANDLE;

  const onOk = async () => {
    closeSupport();
    if (await copyText(handle)) toast.positive(t`Copied successfully`);
    else toast.negative(t`Could not copy. Please copy the account by hand: ${handle}`);
  };

  return (
    <Dialog
      open={open}
      persistent
      title={t`Support`}
      onClose={closeSupport}
      className="support-dialog"
      footer={
        <button type="button" className="button button--primary button--block" onClick={onOk}>
          {t`OK`}
        </button>
      }
    >
      <div className="support-dialog__content">
        <SupportIcon size={45} className="support-dialog__icon" />
        <p>
          {t`Please open your messaging app and send a message to our support account:`}{' '}
          <strong className="support-dialog__handle">{handle}</strong>
        </p>
        <p className="support-dialog__hint">{t`Tap OK to copy the account name.`}</p>
      </div>
    </Dialog>
  );
}
