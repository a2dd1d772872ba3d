import type { FastifyInstance } from 'fastify';
import {
  adminBannerListCall,
  bannerCreateCall,
  bannerEditCall,
  bannerPictureCall,
  bannerPictureRemoveCall,
} from '#contract/admin/banner';
import { adminPageListCall, pageSaveCall } from '#contract/admin/page';
import { aboutUsPageCall, bannerListCall, customAgentPageCall, systemHelpPageCall } from '#contract/content';
import type { AppContext } from '../../context';
import { serve, serveUpload } from '../../http/serve';
import { callerSiteId } from '../site/service';
import * as bannerAdmin from './banner-admin';
import * as pageAdmin from './page-admin';
import * as service from './service';

/** The home carousel's banners and the three HTML pages of spec section 7. */
export function contentRoutes(app: FastifyInstance, ctx: AppContext): void {
  serve(app, ctx, bannerListCall, async ({ request, reply }) =>
    service.listBanners(ctx, await callerSiteId(ctx, request), service.answerLocale(request, reply)),
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

/** The console's banners and pages (/api/admin/banners/*, /api/admin/pages/*), gated by serve() like every /admin call. */
export function contentAdminRoutes(app: FastifyInstance, ctx: AppContext): void {
  serve(app, ctx, adminBannerListCall, ({ auth, input }) =>
    bannerAdmin.listBanners(ctx, auth.operator, input),
  );
  serve(app, ctx, bannerCreateCall, ({ auth, input }) => bannerAdmin.createBanner(ctx, auth, input));
  serve(app, ctx, bannerEditCall, ({ auth, input }) => bannerAdmin.editBanner(ctx, auth, input));
  serveUpload(app, ctx, bannerPictureCall, ({ auth, input, file }) =>
    bannerAdmin.setBannerPicture(ctx, auth, input, file.bytes),
  );
  serve(app, ctx, bannerPictureRemoveCall, ({ auth, input }) =>
    bannerAdmin.removeBannerPicture(ctx, auth, input),
  );
  serve(app, ctx, adminPageListCall, () => pageAdmin.listPages(ctx));
  serve(app, ctx, pageSaveCall, ({ auth, input }) => pageAdmin.savePage(ctx, auth, input));
}
