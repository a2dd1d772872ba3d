import { format } from '#lib/format';

export const label = (value: number) => <span>{format(value)}</span>;
