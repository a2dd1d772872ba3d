import { thingSchema } from '#contract/thing';
import { format } from '#lib/format';
import { label } from '#ui/label';
import { slug } from '../../../lib/slug';
import { alphaKey } from '../alpha.queries';

export const alphaCard = [thingSchema, format, label, slug, alphaKey];
