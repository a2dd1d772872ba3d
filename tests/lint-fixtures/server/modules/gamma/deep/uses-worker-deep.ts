import { deltaWorker } from '../../delta/worker';

export const gammaUsesWorkerDeep = deltaWorker;
