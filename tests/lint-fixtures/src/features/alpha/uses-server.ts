import { gamma } from '../../../server/modules/gamma/service';

export const alphaUsesServer = gamma;
