import { gamma } from '../gamma/service';

export const deltaWorker = gamma;
