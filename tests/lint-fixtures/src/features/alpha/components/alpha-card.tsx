import { thingSchema } from '../../../contract/thing';
import { format } from '../../../lib/format';
import { alphaKey } from '../alpha.queries';

export const alphaCard = [thingSchema, format, alphaKey];
