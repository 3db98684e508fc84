import { z } from 'zod';
import { defineEvent } from '../registry';
import { id, isoTime } from './fields';

/**
 * Stream: review_lock-<project_id>. An advisory lock a moderator takes while reviewing a queued
 * project (Modrinth's /moderation/lock/{pid}); the holder is the event's actor. It lapses at
 * `expires` without another event.
 */
export const reviewLockStream = (projectId: string) => `review_lock-${projectId}`;
export const REVIEW_LOCK_MS = 15 * 60_000;
export const ReviewLockAcquired = defineEvent('ReviewLockAcquired', 1, z.object({ project_id: id, expires: isoTime }));
export const ReviewLockReleased = defineEvent('ReviewLockReleased', 1, z.object({ project_id: id }));
