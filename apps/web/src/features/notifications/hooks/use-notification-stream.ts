import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { API_BASE_URL } from '@/config/app';
import { createStreamTicket } from '../api/create-stream-ticket';
import { useNotificationsClient } from '../context/notifications-client';
import { reconnectDelay } from '../lib/reconnect-delay';

/**
 * Keeps a Server-Sent Events connection open while the dashboard is, and refetches the
 * notification list (bell dot included) the moment a notification arrives. EventSource cannot send
 * the Authorization header, so each connection first trades the token for a single-use ticket;
 * after an error it reconnects by itself with a fresh ticket (1 s, 2 s, 4 s... up to 30 s) and
 * refetches, in case something arrived while it was away. When the server ends the stream because
 * the session was signed out, the refetch answers 401 and the app logs out as it does for any 401.
 */
export function useNotificationStream(enabled: boolean): void {
  const queryClient = useQueryClient();
  const { client, keyRoot } = useNotificationsClient();

  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let stopped = false;
    const controller = new AbortController();
    const refresh = () => queryClient.invalidateQueries({ queryKey: keyRoot });

    const retry = () => {
      if (stopped) return;
      attempt += 1;
      timer = setTimeout(() => void connect(), reconnectDelay(attempt));
    };

    const connect = async () => {
      try {
        const { ticket } = await createStreamTicket(controller.signal, client);
        if (stopped) return;
        const stream = new EventSource(
          `${API_BASE_URL}/notifications/stream?ticket=${encodeURIComponent(ticket)}`,
        );
        source = stream;
        stream.addEventListener('open', () => {
          if (attempt > 0) void refresh();
          attempt = 0;
        });
        stream.addEventListener('notification', () => void refresh());
        stream.addEventListener('end', () => {
          stream.close();
          void refresh();
        });
        stream.addEventListener('error', () => {
          // The ticket was spent: EventSource's own retry would be refused, so start over.
          stream.close();
          retry();
        });
      } catch {
        retry();
      }
    };

    void connect();
    return () => {
      stopped = true;
      controller.abort();
      clearTimeout(timer);
      source?.close();
    };
  }, [enabled, queryClient, client, keyRoot]);
}
