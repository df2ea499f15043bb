import { channelColors, channelSettings, faqItems, menuItems, page, pages, slides } from '../domain/channel-content';
import { createContactRequest, type ContactRequestInput } from '../domain/contact-requests';
import { customForm, type FormValue, submitCustomForm } from '../domain/custom-forms';
import { geoOf } from '../domain/geo';
import { type Handlers, Reply, viewerOf } from '../http/context';
import { wholeList } from '../http/paging';

export const channelHandlers: Handlers = {
  getSettings(ctx) {
    return channelSettings(ctx.services.db, ctx.channel);
  },

  getMenu(ctx) {
    return wholeList(menuItems(ctx.services.db, ctx.channel.id));
  },

  getSlides(ctx) {
    return wholeList(slides(ctx.services.db, ctx.channel.id, (ctx.query['type'] as string | undefined) ?? null));
  },

  getPages(ctx) {
    return wholeList(pages(ctx.services.db, ctx.channel.id));
  },

  getPage(ctx) {
    return page(ctx.services.db, ctx.channel.id, ctx.params['alias'] as string);
  },

  getColorSettings(ctx) {
    return channelColors(ctx.channel);
  },

  getGeo(ctx) {
    return geoOf(ctx.channel, ctx.ip, ctx.viewer);
  },

  getFaq(ctx) {
    return wholeList(faqItems(ctx.services.db, ctx.channel.id));
  },

  getCustomForm(ctx) {
    return customForm(ctx.services.db, ctx.channel.id, ctx.params['alias'] as string, ctx.viewer?.id ?? null);
  },

  submitCustomForm(ctx) {
    const viewer = viewerOf(ctx);
    const { values } = ctx.body as { values: FormValue[] };
    return submitCustomForm(ctx.services.db, ctx.channel.id, ctx.params['alias'] as string, viewer.id, values, ctx.now);
  },

  createContactRequest(ctx) {
    const input = ctx.body as unknown as ContactRequestInput;
    return Reply.created(createContactRequest(ctx.services.db, ctx.channel.id, ctx.viewer?.id ?? null, input, ctx.now));
  },
};
