import type { ReactNode } from 'react';

/** A console page's props: its filters from the URL, and their change (the route writes them back). */
export interface FilteredPageProps<F> {
  filters: F;
  onFilters: (next: F) => void;
}

/** A console page's section, named by its heading (`id` makes the heading's id `admin-<id>-title`). */
export function AdminSection({
  id,
  title,
  className,
  children,
}: {
  id: string;
  title: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const titleId = `admin-${id}-title`;
  return (
    <section aria-labelledby={titleId} className={className}>
      <h2 id={titleId} className="admin-section__title">
        {title}
      </h2>
      {children}
    </section>
  );
}
