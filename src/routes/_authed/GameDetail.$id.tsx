import { createFileRoute, notFound } from '@tanstack/react-router';
import { GameDetailPage } from '../../features/catalogue/components/game-detail';

/** The id is the mini-game's numeric id. */
export const Route = createFileRoute('/_authed/GameDetail/$id')({
  beforeLoad: ({ params }) => {
    if (!/^[1-9]\d{0,15}$/.test(params.id)) throw notFound();
  },
  component: GameDetailRoute,
});

function GameDetailRoute() {
  const { id } = Route.useParams();
  return <GameDetailPage id={Number(id)} />;
}
