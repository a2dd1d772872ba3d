import { thingSchema } from '#contract/thing';
import { deltaById } from '../delta/service';

export const gamma = [thingSchema, deltaById];
