import { useLingui } from '@lingui/react/macro';

export function ListFooter({ loading, done }: { loading: boolean; done: boolean }) {
  const { t } = useLingui();
  if (loading) {
    return (
      <p className="list-footer" role="status">
        <span className="spinner spinner--small" aria-hidden="true" /> {t`Loading`}
      </p>
    );
  }
  return done ? <p className="list-footer">{t`That's everything`}</p> : <p className="list-footer" />;
}
