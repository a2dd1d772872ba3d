import { thingSchema } from '../src/contract/thing';

export const swThing = thingSchema;
