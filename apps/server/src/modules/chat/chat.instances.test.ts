/**
 * Two server processes on one PostgreSQL database (runs when DATABASE_URL is set, as in `.ci/run`): a
 * message sent to instance 1 reaches a socket on instance 2 through LISTEN/NOTIFY, and back.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import WebSocket from 'ws';
import type { ChatServerFrame } from '@vereinsheim/contracts';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openPostgres } from '../../db/client.ts';
import { accessToken, freePort, prepareDataDir, ServerProcess } from '../../../test/faults/processes.ts';

const databaseUrl = inject('databaseUrl');
const template = inject('pgTemplateDb');

describe.skipIf(!databaseUrl || !template)('chat across two server processes (PostgreSQL)', () => {
  const name = `vh_t_chat_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  let url: string;
  let servers: ServerProcess[] = [];
  let dataDir: string;
  let publicUrl: string;
  let tokens: { anna: string; ben: string };
  let conversationId: string;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: databaseUrl! });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template!}`);
    await admin.end();
    const u = new URL(databaseUrl!);
    u.pathname = `/${name}`;
    url = u.toString();
    const prepared = await prepareDataDir();
    dataDir = prepared.dataDir;
    const ports = [await freePort(), await freePort()];
    publicUrl = `http://127.0.0.1:${ports[0]}`;
    const handle = openPostgres(url, 2);
    await handle.db.execute(sql`
      with club as (insert into tenants (slug, name) values ('zwei-instanzen', 'Zwei Instanzen') returning id),
      team as (insert into teams (tenant_id, name) select id, 'Team' from club returning id, tenant_id),
      a as (insert into persons (first_name, last_name) values ('Anna', 'Eins') returning id),
      b as (insert into persons (first_name, last_name) values ('Ben', 'Zwei') returning id),
      ids as (insert into identities (issuer, subject, person_id)
        select ${`${publicUrl}/oidc`}, 'anna', id from a union all select ${`${publicUrl}/oidc`}, 'ben', id from b),
      ms as (insert into memberships (person_id, tenant_id, role)
        select a.id, club.id, 'member'::membership_role from a, club union all select b.id, club.id, 'member'::membership_role from b, club),
      conv as (insert into chat_conversations (tenant_id, kind, team_id) select tenant_id, 'team'::chat_conversation_kind, id from team returning id)
      insert into team_members (team_id, person_id, role)
        select team.id, a.id, 'player'::team_member_role from team, a union all select team.id, b.id, 'player'::team_member_role from team, b`);
    const [row] = (
      await handle.db.execute<{ id: string }>(sql`select id from chat_conversations where kind = 'team'`)
    ).rows;
    conversationId = row!.id;
    await handle.close();
    const env = {
      NODE_ENV: 'production',
      PUBLIC_URL: publicUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: url,
      DATABASE_POOL_SIZE: '4',
      DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      OIDC_COOKIE_KEYS: 'chat-test-cookie-key-0123456789abcdef',
      SMTP_URL: 'smtp://127.0.0.1:9',
      WEB_DIST: `${dataDir}/no-web-build`,
    };
    servers = ports.map((port) => new ServerProcess(port, env));
    await Promise.all(servers.map((s) => s.start()));
    tokens = {
      anna: await accessToken(prepared.keys, publicUrl, 'anna'),
      ben: await accessToken(prepared.keys, publicUrl, 'ben'),
    };
  }, 120_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    const admin = new pg.Client({ connectionString: databaseUrl! });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function socket(server: ServerProcess, token: string) {
    const ws = new WebSocket(`ws://127.0.0.1:${server.port}/api/chat/ws`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const frames: ChatServerFrame[] = [];
    ws.on('message', (data: Buffer) => frames.push(JSON.parse(data.toString('utf8')) as ChatServerFrame));
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    return { ws, frames };
  }

  async function waitFor(test: () => boolean, ms = 10_000) {
    const deadline = Date.now() + ms;
    while (!test()) {
      if (Date.now() > deadline) throw new Error('timed out');
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  async function post(server: ServerProcess, token: string, body: string) {
    const res = await fetch(`${server.baseUrl}/api/me/chat/conversations/${conversationId}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ body }),
    });
    expect(res.status).toBe(201);
    return (await res.json()) as { id: string; seq: number };
  }

  it('delivers a message sent to one instance to a socket on the other, both ways', async () => {
    const [one, two] = servers as [ServerProcess, ServerProcess];
    const ben = await socket(two, tokens.ben);
    const anna = await socket(one, tokens.anna);
    await waitFor(
      () => ben.frames.some((f) => f.type === 'ready') && anna.frames.some((f) => f.type === 'ready'),
    );

    const sent = await post(one, tokens.anna, 'Von Instanz eins');
    await waitFor(() => ben.frames.some((f) => f.type === 'message' && f.message.id === sent.id));
    const reply = await post(two, tokens.ben, 'Zurück von Instanz zwei');
    await waitFor(() => anna.frames.some((f) => f.type === 'message' && f.message.id === reply.id));
    expect(reply.seq).toBe(sent.seq + 1);
    ben.ws.close();
    anna.ws.close();
  });
});
