import type { AnswerValue, InspectorAssignmentDetail } from '@inspecta/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '@/lib/api-client';
import { saveInspectionProgress } from '../api/save-progress';
import { type AnswersByUnit, answersBody, answersFromProgress, type FormUnit } from '../lib/answers';
import { type InspectionDraft, pickDraft, readDraft, removeDraft, writeDraft } from '../lib/draft-store';

/** Typing pauses this long before the answers go to the server. */
const SAVE_AFTER_MS = 1000;
/** When the server cannot be reached although the browser says it is online, try again after this. */
const RETRY_AFTER_MS = 15_000;

export type SaveState =
  /** The server holds every answer. */
  | 'saved'
  /** Edits wait for the pause or are on their way. */
  | 'saving'
  /** No connection: the answers are on this device and go to the server when it is back. */
  | 'offline'
  /** The server refused the answers (they are still on this device). */
  | 'error';

interface Options {
  assignment: InspectorAssignmentDetail;
  userId: number;
  units: FormUnit[];
}

function initialCopy(assignment: InspectorAssignmentDetail, userId: number) {
  const local = readDraft(userId, assignment.id);
  const source = pickDraft(local, assignment.progress?.savedAt ?? null);
  if (source === 'local' && local)
    return { answers: local.answers, remarks: local.remarks, local, unsent: local.dirty };
  return {
    answers: answersFromProgress(assignment.progress),
    remarks: assignment.progress?.remarks ?? '',
    local,
    unsent: false,
  };
}

/**
 * The answers of one assignment while it is filled in: every change is written to this device at
 * once and sent to the server after a short pause (PUT .../progress), one request at a time, again
 * when the connection returns. On opening, the device's copy wins when it is newer than the
 * server's last save; unsent edits in it are sent at once.
 */
export function useInspectionDraft({ assignment, userId, units }: Options) {
  const [initial] = useState(() => initialCopy(assignment, userId));
  const [answers, setAnswersState] = useState<AnswersByUnit>(initial.answers);
  const [remarks, setRemarksState] = useState(initial.remarks);
  const [started, setStarted] = useState(
    assignment.status === 'in_progress' || assignment.progress !== null || initial.local !== null,
  );
  const [saveState, setSaveState] = useState<SaveState>(
    initial.unsent ? (navigator.onLine ? 'saving' : 'offline') : 'saved',
  );
  const [saveError, setSaveError] = useState<string | null>(null);
  const [savedAt, setSavedAt] = useState<string | null>(assignment.progress?.savedAt ?? null);

  const current = useRef({ answers: initial.answers, remarks: initial.remarks });
  const edits = useRef(initial.unsent ? 1 : 0);
  const confirmed = useRef(0);
  const inFlight = useRef(false);
  const stopped = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const persistLocally = useCallback(
    (dirty: boolean) => {
      const draft: InspectionDraft = {
        version: 1,
        answers: current.current.answers,
        remarks: current.current.remarks,
        updatedAt: new Date().toISOString(),
        dirty,
      };
      writeDraft(userId, assignment.id, draft);
    },
    [userId, assignment.id],
  );

  const save = useCallback(async (): Promise<boolean> => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    if (stopped.current || inFlight.current) return false;
    if (!navigator.onLine) {
      setSaveState('offline');
      return false;
    }
    const version = edits.current;
    inFlight.current = true;
    setSaveState('saving');
    try {
      const body = answersBody(units, current.current.answers, current.current.remarks);
      const response = await saveInspectionProgress(assignment.id, body);
      confirmed.current = version;
      setSavedAt(response.savedAt);
      setSaveError(null);
      if (edits.current === version) {
        persistLocally(false);
        setSaveState('saved');
      }
      return true;
    } catch (error) {
      if (stopped.current) return false;
      const unreachable =
        !isApiError(error) || error.code === 'NETWORK_ERROR' || error.status >= 500 || error.status === 429;
      if (unreachable) {
        setSaveState('offline');
        timer.current = setTimeout(() => void save(), RETRY_AFTER_MS);
      } else {
        setSaveState('error');
        setSaveError(error.message);
      }
      return false;
    } finally {
      inFlight.current = false;
      // Edits made while the request was on its way go in the next one.
      if (!stopped.current && edits.current !== confirmed.current && !timer.current && navigator.onLine)
        timer.current = setTimeout(() => void save(), SAVE_AFTER_MS);
    }
  }, [assignment.id, units, persistLocally]);

  const changed = useCallback(() => {
    edits.current += 1;
    persistLocally(true);
    setSaveState(navigator.onLine ? 'saving' : 'offline');
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => void save(), SAVE_AFTER_MS);
  }, [persistLocally, save]);

  const setAnswer = useCallback(
    (unitKey: string, itemKey: string, value: AnswerValue) => {
      const next = {
        ...current.current.answers,
        [unitKey]: { ...current.current.answers[unitKey], [itemKey]: value },
      };
      current.current = { ...current.current, answers: next };
      setAnswersState(next);
      changed();
    },
    [changed],
  );

  const setRemarks = useCallback(
    (value: string) => {
      current.current = { ...current.current, remarks: value };
      setRemarksState(value);
      changed();
    },
    [changed],
  );

  /** "Start inspection": the first save starts it on the server; offline it starts on this device. */
  const start = useCallback(() => {
    setStarted(true);
    changed();
    void save();
  }, [changed, save]);

  /** After a successful submit: no more saves, and nothing left on the device. */
  const finish = useCallback(() => {
    stopped.current = true;
    if (timer.current) clearTimeout(timer.current);
    removeDraft(userId, assignment.id);
  }, [userId, assignment.id]);

  // The device's copy was newer than the server's: send it now.
  useEffect(() => {
    if (initial.unsent) void save();
  }, [initial, save]);

  // Back online: send what waited. Leaving the page or hiding it: send now rather than later.
  useEffect(() => {
    const flushIfPending = () => {
      if (edits.current !== confirmed.current) void save();
    };
    const onOffline = () => {
      if (edits.current !== confirmed.current) setSaveState('offline');
    };
    const onHidden = () => {
      if (document.visibilityState === 'hidden') flushIfPending();
    };
    window.addEventListener('online', flushIfPending);
    window.addEventListener('offline', onOffline);
    document.addEventListener('visibilitychange', onHidden);
    return () => {
      window.removeEventListener('online', flushIfPending);
      window.removeEventListener('offline', onOffline);
      document.removeEventListener('visibilitychange', onHidden);
      // Leaving the form (back to the list) sends what waited for the pause.
      if (timer.current) flushIfPending();
    };
  }, [save]);

  return {
    answers,
    remarks,
    setAnswer,
    setRemarks,
    started,
    start,
    finish,
    retry: save,
    saveState,
    saveError,
    savedAt,
    /** Answers the server had not received were restored from this device. */
    restoredFromDevice: initial.unsent,
  };
}
