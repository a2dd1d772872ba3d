import { root } from '../routes/__root';

export const uiUsesRoute = root;
