import { label } from '#ui/label';

export const serverUsesApp = label;
