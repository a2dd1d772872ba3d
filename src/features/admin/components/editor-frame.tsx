import type { FormEvent, ReactNode, RefObject } from 'react';

/**
 * A console editor's frame: the form, named by its title, which heads it; `after` sits beside the form
 * (a banner's pictures, a confirmation dialog), outside it, so its own buttons never submit it.
 */
export function EditorFrame({
  title,
  form,
  onSubmit,
  after,
  children,
}: {
  title: string;
  form: RefObject<HTMLFormElement | null>;
  onSubmit: (event: FormEvent) => void;
  after?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="admin-editor">
      <form ref={form} noValidate onSubmit={onSubmit} className="admin-editor__form" aria-label={title}>
        <h3 className="admin-editor__title">{title}</h3>
        {children}
      </form>
      {after}
    </div>
  );
}
