import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod/mini';
import type { Access, Call } from '#contract/call';
import {
  demandApplyCall,
  demandDeleteCall,
  demandListCall,
  demandMineCall,
  demandNewestCall,
  demandPinCall,
  type KeepTopResponse,
  wxApplyCall,
  wxDetailCall,
  wxListCall,
  wxMineCall,
  wxNewestCall,
  wxPinCall,
} from '#contract/catalogue';
import type { Page } from '#contract/paging';
import type { AppContext } from '../../context';
import { type AuthFor, type Handler, serve } from '../../http/serve';
import { answerLocale } from '../content/service';
import { callerSiteId } from '../site/service';
import { demandKind, type ItemKind, type ItemRow, wxKind } from './kinds';
import * as service from './service';

/** A declaration as a kind's routes see it: its parsed input, its answer, who may call it. */
type Declared<In, Out, A extends Access> = Call & {
  readonly input: z.ZodMiniType<In>;
  readonly answer: z.ZodMiniType<unknown, Out>;
  readonly access: A;
};

interface PageInput {
  number: number;
  size: number;
}

/**
 * One catalogue's calls: the same set for every kind, each declared once in the contract on the kind's
 * own paths and wire shapes. `detail` and `withdraw` exist where the spec has them.
 */
interface KindCalls<Row extends ItemRow, Item, ListInput, Answer, KeyInput> {
  kind: ItemKind<Row, Item, ListInput, Answer>;
  list: Declared<ListInput & PageInput, Page<Item>, 'optionalUser'>;
  mine: Declared<PageInput, Page<Item & service.Application>, 'user'>;
  newest: Declared<{ size: number }, Item[], 'optionalUser'>;
  apply: Declared<KeyInput, Answer, 'user'>;
  pin: Declared<KeyInput, KeepTopResponse, 'user'>;
  detail?: Declared<{ id: number }, Item, 'user'>;
  withdraw?: Declared<KeyInput, null, 'user'>;
  /** The item key in an apply, pin or withdraw body (the kind's key column). */
  keyOf(input: KeyInput): string | number;
}

interface RouteContext<In, A extends Access> {
  input: In;
  auth: AuthFor<A>;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** serve() for a Declared: its handler is typed by the declaration's parameters rather than its literal type. */
const route = <In, Out, A extends Access>(
  app: FastifyInstance,
  ctx: AppContext,
  call: Declared<In, Out, A>,
  handler: (context: RouteContext<In, A>) => Promise<Out>,
): void => serve(app, ctx, call, handler as unknown as Handler<typeof call>);

function kindRoutes<Row extends ItemRow, Item, ListInput, Answer, KeyInput>(
  app: FastifyInstance,
  ctx: AppContext,
  calls: KindCalls<Row, Item, ListInput, Answer, KeyInput>,
): void {
  const { kind, keyOf } = calls;
  const site = (request: FastifyRequest) => callerSiteId(ctx, request);
  /** Items answer in the caller's language (names and intros per language, decision 0028). */
  const locale = ({ auth, request, reply }: Omit<RouteContext<unknown, 'optionalUser'>, 'input'>) =>
    answerLocale(request, reply, auth?.user.locale ?? null);
  route(app, ctx, calls.list, async (call) =>
    service.list(ctx, kind, call.auth, await site(call.request), call.input, locale(call)),
  );
  route(app, ctx, calls.mine, async (call) =>
    service.mine(ctx, kind, call.auth, await site(call.request), call.input, locale(call)),
  );
  route(app, ctx, calls.newest, async (call) =>
    service.newest(ctx, kind, call.auth, await site(call.request), call.input.size, locale(call)),
  );
  route(app, ctx, calls.apply, ({ input, auth }) => service.apply(ctx, kind, auth, keyOf(input)));
  route(app, ctx, calls.pin, async ({ input, auth, request }) =>
    service.pin(ctx, kind, auth, await site(request), keyOf(input)),
  );
  if (calls.detail)
    route(app, ctx, calls.detail, async (call) =>
      service.detail(ctx, kind, call.auth, await site(call.request), call.input.id, locale(call)),
    );
  if (calls.withdraw)
    route(app, ctx, calls.withdraw, ({ input, auth }) => service.withdraw(ctx, kind, auth, keyOf(input)));
}

/** /wxcps (catalogue 1) and /doucps (catalogue 2), built from their kinds. */
export function catalogueRoutes(app: FastifyInstance, ctx: AppContext): void {
  kindRoutes(app, ctx, {
    kind: wxKind,
    list: wxListCall,
    mine: wxMineCall,
    newest: wxNewestCall,
    apply: wxApplyCall,
    pin: wxPinCall,
    detail: wxDetailCall,
    keyOf: (input) => input.appid,
  });
  kindRoutes(app, ctx, {
    kind: demandKind,
    list: demandListCall,
    mine: demandMineCall,
    newest: demandNewestCall,
    apply: demandApplyCall,
    pin: demandPinCall,
    withdraw: demandDeleteCall,
    keyOf: (input) => input.demandId,
  });
}
