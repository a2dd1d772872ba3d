/** The appcard module's tables (server/db/types.ts joins every module's into Database). */
export interface AppcardTables {
  app_cards: AppCardsTable;
}

export interface AppCardsTable {
  user_id: number;
  account_id: string;
  nickname: string;
  followers: number;
  updated_at: number;
}
