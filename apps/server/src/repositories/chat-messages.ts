// All SQL about the chat assistant's conversations: one per user and simulation (null: general).

import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { chatMessages } from '../db/schema.js';

export type ChatMessageRow = typeof chatMessages.$inferSelect;

export interface NewChatMessage {
  role: 'user' | 'assistant';
  content: string;
  meta?: Record<string, unknown> | null;
}

const conversation = (userId: string, simulationId: string | null) =>
  and(eq(chatMessages.user_id, userId), simulationId ? eq(chatMessages.simulation_id, simulationId) : isNull(chatMessages.simulation_id));

export class ChatMessagesRepository {
  constructor(private readonly db: Db) {}

  /** Appends messages in order (each gets a later created_at than the one before). */
  async append(userId: string, simulationId: string | null, messages: NewChatMessage[]): Promise<ChatMessageRow[]> {
    if (messages.length === 0) return [];
    const base = Date.now();
    return this.db
      .insert(chatMessages)
      .values(messages.map((m, i) => ({ user_id: userId, simulation_id: simulationId, role: m.role, content: m.content, meta: m.meta ?? null, created_at: new Date(base + i) })))
      .returning();
  }

  /** The latest `limit` messages of the conversation, oldest first. */
  async list(userId: string, simulationId: string | null, limit = 200): Promise<ChatMessageRow[]> {
    const rows = await this.db.select().from(chatMessages).where(conversation(userId, simulationId)).orderBy(desc(chatMessages.created_at)).limit(limit);
    return rows.reverse();
  }

  async clear(userId: string, simulationId: string | null): Promise<number> {
    const rows = await this.db.delete(chatMessages).where(conversation(userId, simulationId)).returning({ id: chatMessages.id });
    return rows.length;
  }
}

