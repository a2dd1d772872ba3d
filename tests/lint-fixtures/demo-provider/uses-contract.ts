import { thingSchema } from '#contract/thing';

export const demoThing = thingSchema;
