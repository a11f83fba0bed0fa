import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import {
  WidgetSettings,
  type ConnectionType,
  type WidgetConnection,
  type WidgetSettingsInput,
} from '@agentry/core/widget';
import { and, eq } from 'drizzle-orm';
import { member } from '../modules/auth/auth.tables';
import { widgetDailyCount, widgetDailyReservation } from '../modules/widget/widget.tables';
import type { Database } from '../platform/db/database';
import type { TestApp } from './create-test-app';
import { signIn } from './sign-in';

/**
 * A website widget of the session's sub account, created through the API (deployed at once).
 * With `settings`, they are saved and deployed too. A free plan allows one widget (and one
 * website block, `type: 'website-block'`) per sub account.
 */
export async function createTestWidget(
  app: TestApp,
  session: { cookie: string; subaccountId: string },
  options: { agentId?: string; settings?: WidgetSettingsInput; type?: ConnectionType } = {},
): Promise<WidgetConnection> {
  const created = await app.inject({
    method: 'POST',
    url: `/api/subaccounts/${session.subaccountId}/connections`,
    headers: { cookie: session.cookie },
    payload: { type: options.type ?? 'website-widget', ...(options.agentId ? { buildId: options.agentId } : {}) },
  });
  if (created.statusCode !== 201) throw new Error(`widget creation failed: ${created.statusCode} ${created.body}`);
  const connection = created.json<WidgetConnection>();
  if (!options.settings) return connection;
  const updated = await app.inject({
    method: 'PUT',
    url: `/api/connections/${connection.connectionId}`,
    headers: { cookie: session.cookie },
    payload: { settings: WidgetSettings.parse({ ...connection.settings, ...options.settings }), deploy: true },
  });
  if (updated.statusCode !== 200) throw new Error(`widget update failed: ${updated.statusCode} ${updated.body}`);
  return updated.json<WidgetConnection>();
}

/** Signs `email` in and adds them to the sub account with `role`. */
export async function addTestMember(
  app: TestApp,
  subaccountId: string,
  email: string,
  role: 'admin' | 'member' | 'viewer',
) {
  const session = await signIn(app, email);
  const me = (await app.inject({ method: 'GET', url: '/api/me', headers: { cookie: session.cookie } })).json<{
    user: { id: string };
  }>();
  await app.platform.database.db
    .insert(member)
    .values({ id: randomUUID(), organizationId: subaccountId, userId: me.user.id, role });
  return { cookie: session.cookie, userId: me.user.id };
}

export const TEST_WIDGET_ASSETS = { js: 'app-test1234.js', css: 'app-test1234.css' } as const;

/**
 * A fake widget build in a temporary folder, shaped like apps/widget/build.mjs writes it
 * (loader.js with the placeholder, manifest.json, app/ with .gz and .br siblings), for
 * WIDGET_DIST_DIR. Without `loader` or `manifest` the file is left out.
 */
export function createTestWidgetDist(options: { loader?: boolean; manifest?: boolean } = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentry-widget-dist-'));
  const appDir = path.join(dir, 'app');
  fs.mkdirSync(appDir);
  if (options.loader !== false) {
    fs.writeFileSync(
      path.join(dir, 'loader.js'),
      '(function(){var c="__AGENTRY_WIDGET_CONFIG__";window.__agentryTestConfig=c;})();\n',
    );
    fs.writeFileSync(
      path.join(dir, 'block.js'),
      '(function(){var c="__AGENTRY_WIDGET_CONFIG__";window.__agentryTestBlockConfig=c;})();\n',
    );
  }
  if (options.manifest !== false) {
    fs.writeFileSync(
      path.join(dir, 'manifest.json'),
      JSON.stringify({ 'app.js': TEST_WIDGET_ASSETS.js, 'app.css': TEST_WIDGET_ASSETS.css }),
    );
  }
  const appJs = `console.log(${JSON.stringify('widget app '.repeat(200))});\n`;
  fs.writeFileSync(path.join(appDir, TEST_WIDGET_ASSETS.js), appJs);
  fs.writeFileSync(path.join(appDir, `${TEST_WIDGET_ASSETS.js}.gz`), zlib.gzipSync(appJs));
  fs.writeFileSync(path.join(appDir, `${TEST_WIDGET_ASSETS.js}.br`), zlib.brotliCompressSync(appJs));
  fs.writeFileSync(path.join(appDir, TEST_WIDGET_ASSETS.css), 'body{margin:0}\n');
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/**
 * A widget's daily count as the limit sees it: the day's `count` holds every message counted (the
 * turns stored and the messages still in flight); each message in flight keeps a reservation row
 * until its turn is stored or it is given back.
 */
export async function readWidgetDailyCount(
  db: Database,
  connectionId: string,
  day: string,
): Promise<{ stored: number; inFlight: number }> {
  const [counter] = await db
    .select()
    .from(widgetDailyCount)
    .where(and(eq(widgetDailyCount.connectionId, connectionId), eq(widgetDailyCount.day, day)));
  const inFlight = (
    await db
      .select({ id: widgetDailyReservation.id })
      .from(widgetDailyReservation)
      .where(and(eq(widgetDailyReservation.connectionId, connectionId), eq(widgetDailyReservation.day, day)))
  ).length;
  const counted = counter?.count ?? 0;
  if (counted < inFlight) throw new Error(`count is ${counted} with ${inFlight} messages in flight`);
  return { stored: counted - inFlight, inFlight };
}
