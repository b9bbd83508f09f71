// The Settings tab (behind the /api/admin guard of app.ts; decision 055): parse, call one service
// function, answer. Both roles read; the service refuses a save by anyone but a master admin.
import { Hono } from 'hono';
import { contracts } from '../../shared/api';
import type { StaffEnv } from '../admins/admins.routes';
import type { Db } from '../db/client';
import { parseJsonBody } from '../http';
import { openForBookings, readSettings, saveSettingsSection, type SettingsRead } from './settings.service';

const answer = (read: SettingsRead, role: string) => ({ ...read, canEdit: role === 'master_admin' });

export function settingsRoutes(deps: { db: Db }) {
  const { db } = deps;
  return new Hono<StaffEnv>()
    .get(contracts.getSettings.path, async (c) => c.json(answer(await readSettings(db), c.var.staff.role)))
    .put(contracts.saveSettings.path, async (c) => {
      const body = await parseJsonBody(c, contracts.saveSettings.body);
      return c.json(answer(await saveSettingsSection(db, c.var.staff, body.section, body.values, body.version), c.var.staff.role));
    })
    .post(contracts.openForBookings.path, async (c) => {
      const body = await parseJsonBody(c, contracts.openForBookings.body);
      return c.json(answer(await openForBookings(db, c.var.staff, body.version), c.var.staff.role));
    });
}
