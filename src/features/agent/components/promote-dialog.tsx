import { useLingui } from '@lingui/react/macro';
import { toast } from '#lib/toast';
import { ConfirmDialog } from '#ui/confirm-dialog';
import { usePromoteMutation } from '../agent.mutations';

/** Confirms promoting a direct player to agent (job 0 -> 1): they get a team of their own. */
export function PromoteDialog({ member, onClose }: { member: { uid: number }; onClose: () => void }) {
  const { t } = useLingui();
  const promote = usePromoteMutation();
  const uid = member.uid;
  const confirm = () =>
    promote.mutate(member.uid, {
      onSuccess: () => {
        toast.positive(t`UID ${uid} is now an agent`);
        onClose();
      },
    });
  return (
    <ConfirmDialog
      title={t`Promote UID ${uid} to agent?`}
      onClose={onClose}
      action={{ label: t`Promote`, variant: 'primary', onClick: confirm, disabled: promote.isPending }}
    >
      <p className="dialog__text">
        {t`As an agent they can invite members of their own and earn commission on their play, within the ratio you give them.`}
      </p>
    </ConfirmDialog>
  );
}
