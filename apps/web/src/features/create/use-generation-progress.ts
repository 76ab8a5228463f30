import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useState } from 'react';
import {
  eventOfJob,
  isFinalEvent,
  type GenerationEvent,
  type GenerationJob,
} from '@pictura/contract';
import { invalidateBalance } from '../../lib/api/get-balance';
import { updateCachedGeneration } from './api/get-generations';
import { followGeneration } from './progress/follow-generation';
import { isFinishedJob, jobAfter } from './progress/generation-events';

/** Keeps the bar from going back when a poll reads a row that lags behind the stream's news. */
function advance(current: GenerationEvent, next: GenerationEvent): GenerationEvent {
  if (current.type === 'running' && next.type === 'running' && next.percent < current.percent) {
    return current;
  }
  return next;
}

/**
 * Where a generation is now. While it is unfinished the page follows its progress; when it ends,
 * the finished job goes into the cached list and the balance is invalidated (a failed job's price
 * has been given back).
 */
export function useGenerationProgress(job: GenerationJob): GenerationEvent {
  const queryClient = useQueryClient();
  const [live, setLive] = useState<GenerationEvent | null>(null);
  const finished = isFinishedJob(job);
  const jobId = job.id;

  const onEvent = useEffectEvent((event: GenerationEvent) => {
    setLive((current) => (current ? advance(current, event) : event));
    if (!isFinalEvent(event)) return;
    updateCachedGeneration(queryClient, jobAfter(job, event));
    void invalidateBalance(queryClient);
  });

  useEffect(() => {
    if (finished) return;
    const controller = new AbortController();
    void followGeneration(jobId, {
      signal: controller.signal,
      onEvent: (event) => onEvent(event),
    });
    return () => controller.abort();
  }, [jobId, finished]);

  if (finished || !live || live.id !== job.id) return eventOfJob(job);
  return live;
}
