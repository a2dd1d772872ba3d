import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';

export type ProviderDb = Database.Database;

/**
 * The provider's own data, apart from the platform's: a third party keeps its wallets, rounds and
 * unanswered calls in its own store. The schema is created when missing; there is one version of it.
 */
const SCHEMA = `
create table if not exists wallets (
  player_id text primary key,
  balance integer not null check (balance >= 0)
);
-- Every transfer id the platform used: applied, refused, or closed by a status call that answered unknown.
create table if not exists transfers (
  transaction_id text primary key,
  state text not null check (state in ('applied', 'refused', 'closed')),
  action text,
  player_id text,
  amount integer,
  answer text,
  created_at integer not null
);
create table if not exists records (
  seq integer primary key autoincrement,
  record_id text not null unique,
  round_id text not null unique,
  player_id text not null,
  game_code text not null,
  bet integer not null,
  win integer not null,
  status text not null,
  placed_at integer not null,
  settled_at integer not null,
  outcome text not null
);
create table if not exists transfer_sessions (
  session_id text primary key,
  player_id text not null,
  game_code text not null,
  lang text not null,
  last_used_at integer not null
);
create table if not exists seamless_sessions (
  session_id text primary key,
  session_token text not null,
  player_id text not null,
  currency text not null,
  lang text not null,
  game_code text not null,
  balance integer,
  created_at integer not null
);
create table if not exists rounds (
  round_id text primary key,
  session_id text not null,
  game_code text not null,
  stake integer not null,
  outcome text not null,
  payout integer not null,
  state text not null,
  rollback_first integer not null default 0,
  win_hold_ms integer not null default 0,
  created_at integer not null
);
create index if not exists rounds_open on rounds (state) where state not in ('settled', 'refused', 'cancelled');
-- The outbox: every seamless call with the exact body it is (re)sent with, and every answer it got.
create table if not exists calls (
  id integer primary key autoincrement,
  round_id text,
  action text not null,
  transaction_id text unique,
  body text not null,
  state text not null check (state in ('pending', 'answered', 'refused', 'abandoned')),
  attempts integer not null default 0,
  answers text not null default '[]',
  deadline_at integer,
  hold_until integer,
  replay integer not null default 0,
  created_at integer not null
);
`;

export function openProviderDb(dataDir: string | ':memory:'): ProviderDb {
  let file = ':memory:';
  if (dataDir !== ':memory:') {
    mkdirSync(dataDir, { recursive: true });
    file = path.join(dataDir, 'provider.db');
  }
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 5000');
  db.exec(SCHEMA);
  return db;
}
