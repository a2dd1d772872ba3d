import { createFileRoute } from '@tanstack/react-router';
import { currentLocale } from '#lib/i18n';
import { prefetch } from '#lib/route-helpers';
import { bonusQueries } from '../../../features/bonuses/bonuses.queries';
import { BonusesPage } from '../../../features/bonuses/components/bonuses-page';

export const Route = createFileRoute('/_authed/(bonuses)/Bonuses')({
  loader: ({ context }) =>
    prefetch(context, bonusQueries.offers(currentLocale()), bonusQueries.mine(currentLocale())),
  component: BonusesPage,
});
