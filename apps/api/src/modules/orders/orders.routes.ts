import {
  API_PATHS,
  CSV_MIME_TYPE,
  errorResponseSchema,
  orderCreateSchema,
  orderExportQuerySchema,
  orderListQuerySchema,
  orderListResponseSchema,
  orderSchema,
  orderStatusChangeSchema,
  orderUpdateSchema,
  productInputSchema,
  productListQuerySchema,
  productListResponseSchema,
  productSchema,
} from '@matchwerk/shared';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { expectedVersionsOf, ifMatchHeaders, withEtag } from '../../http/conditional-request';
import type { OrdersService } from './orders.service';
import { csvFileSchema } from '../../http/media-types';

export interface OrdersRoutesOptions {
  service: OrdersService;
}

const idParams = z.object({ id: z.string().max(64) });
const readErrors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema } as const;
const changeErrors = {
  ...readErrors,
  404: errorResponseSchema,
  409: errorResponseSchema,
  412: errorResponseSchema,
} as const;

/** Orders and products (issue #11): admins; orders also for the partner of SINDELFINGEN. */
export const ordersRoutes: FastifyPluginCallbackZod<OrdersRoutesOptions> = (app, { service }, done) => {
  app.get(
    API_PATHS.products,
    {
      schema: {
        tags: ['orders'],
        summary: 'Produkte (Anzeigenpakete): Admins alle, Regionalpartner Sindelfingen die bestellbaren',
        querystring: productListQuerySchema,
        response: { 200: productListResponseSchema, ...readErrors },
      },
    },
    async (request) => service.listProducts(await request.getActor(), request.query.active),
  );

  app.post(
    API_PATHS.products,
    {
      schema: {
        tags: ['orders'],
        summary: 'Produkt anlegen (nur Admins)',
        body: productInputSchema,
        response: { 201: productSchema, ...changeErrors },
      },
    },
    async (request, reply) => {
      const product = await service.createProduct(await request.getActor(), request.body);
      return reply.code(201).send(withEtag(reply, product.version, product));
    },
  );

  app.put(
    API_PATHS.product,
    {
      schema: {
        tags: ['orders'],
        summary: 'Produkt bearbeiten oder deaktivieren (nur Admins; If-Match mit der Version)',
        params: idParams,
        headers: ifMatchHeaders,
        body: productInputSchema,
        response: { 200: productSchema, ...changeErrors },
      },
    },
    async (request, reply) => {
      const product = await service.updateProduct(
        await request.getActor(),
        request.params.id,
        request.body,
        expectedVersionsOf(request),
      );
      return withEtag(reply, product.version, product);
    },
  );

  app.get(
    API_PATHS.orders,
    {
      schema: {
        tags: ['orders'],
        summary: 'Bestellungen (seitenweise, gefiltert) mit Summen netto/USt./brutto über alle Treffer, je Status',
        querystring: orderListQuerySchema,
        response: { 200: orderListResponseSchema, ...readErrors },
      },
    },
    async (request) => service.listOrders(await request.getActor(), request.query),
  );

  app.get(
    API_PATHS.ordersExport,
    {
      schema: {
        tags: ['orders'],
        summary: 'Bestellungen als CSV (alle Treffer der Filter; Semikolon, Dezimalkomma, UTF-8 mit BOM)',
        querystring: orderExportQuerySchema,
        response: { 200: csvFileSchema, ...readErrors },
      },
    },
    async (request, reply) => {
      const { fileName, csv } = await service.exportOrders(await request.getActor(), request.query);
      return reply
        .header('content-type', CSV_MIME_TYPE)
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(csv);
    },
  );

  app.post(
    API_PATHS.orders,
    {
      schema: {
        tags: ['orders'],
        summary:
          'Bestellung anlegen: Preis, Namen und Region kommen vom Produkt und Unternehmen; Rechnungsnummer JJJJ-NNNN',
        body: orderCreateSchema,
        response: { 201: orderSchema, ...changeErrors },
      },
    },
    async (request, reply) => {
      const order = await service.createOrder(await request.getActor(), request.body);
      return reply.code(201).send(withEtag(reply, order.version, order));
    },
  );

  app.put(
    API_PATHS.order,
    {
      schema: {
        tags: ['orders'],
        summary: 'Offene Bestellung bearbeiten: Menge, Zeitraum, Notiz (If-Match mit der Version)',
        params: idParams,
        headers: ifMatchHeaders,
        body: orderUpdateSchema,
        response: { 200: orderSchema, ...changeErrors },
      },
    },
    async (request, reply) => {
      const order = await service.updateOrder(
        await request.getActor(),
        request.params.id,
        request.body,
        expectedVersionsOf(request),
      );
      return withEtag(reply, order.version, order);
    },
  );

  app.put(
    API_PATHS.orderStatus,
    {
      schema: {
        tags: ['orders'],
        summary: 'Status ändern: offen → bezahlt, offen/bezahlt → storniert (endgültig)',
        params: idParams,
        headers: ifMatchHeaders,
        body: orderStatusChangeSchema,
        response: { 200: orderSchema, ...changeErrors },
      },
    },
    async (request, reply) => {
      const order = await service.changeStatus(
        await request.getActor(),
        request.params.id,
        request.body.status,
        expectedVersionsOf(request),
      );
      return withEtag(reply, order.version, order);
    },
  );
  done();
};
