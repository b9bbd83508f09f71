import { Hono } from 'hono';
import { contracts } from '../../shared/api';
import type { Db } from '../db/client';
import { clientIp, parseJsonBody, type AppEnv } from '../http';
import { saveContactMessage, type ContactLimits } from './contact.service';

export function contactRoutes(deps: { db: Db; limits: ContactLimits }) {
  const { path, body } = contracts.createContactMessage;
  return new Hono<AppEnv>().post(path, async (c) => {
    const input = await parseJsonBody(c, body);
    const saved = await saveContactMessage(deps.db, input, {
      ip: clientIp(c),
      userAgent: c.req.header('user-agent') ?? null,
      limits: deps.limits,
    });
    c.var.log.info({ contactMessageId: saved.id }, 'contact message stored');
    return c.json(saved, 201);
  });
}
