import { thingSchema } from '../../../src/contract/thing';
import { deltaById } from '../delta/service';

export const gamma = [thingSchema, deltaById];
