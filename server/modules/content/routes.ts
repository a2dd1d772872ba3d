import type { FastifyInstance } from 'fastify';
import {
  aboutUsPageCall,
  bannerListCall,
  customAgentPageCall,
  systemHelpPageCall,
} from '../../../src/contract/content';
import type { AppContext } from '../../context';
import { serve } from '../../http/serve';
import { callerSiteId } from '../site/service';
import * as service from './service';

/** The home carousel's banners and the three HTML pages of spec section 7. */
export function contentRoutes(app: FastifyInstance, ctx: AppContext): void {
  serve(app, ctx, bannerListCall, async ({ request }) =>
    service.listBanners(ctx, await callerSiteId(ctx, request)),
  );
  serve(app, ctx, customAgentPageCall, ({ request, reply }) =>
    service.getPage(ctx, 'customAgent', service.answerLocale(request, reply)),
  );
  serve(app, ctx, systemHelpPageCall, ({ request, reply }) =>
    service.getPage(ctx, 'systemHelp', service.answerLocale(request, reply)),
  );
  serve(app, ctx, aboutUsPageCall, ({ request, reply }) =>
    service.getPage(ctx, 'aboutus', service.answerLocale(request, reply)),
  );
}
