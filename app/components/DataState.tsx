// Sections whose data may arrive late (deferred on client navigation) show SPEC.md's texts: loading,
// empty, error, and "retrying (n/max)" while the page's data is fetched again.
import { Suspense, useEffect, useState } from "react";
import { Await, useAsyncError, useRevalidator } from "react-router";
import { useI18n } from "../i18n/I18nProvider";

export const MAX_RETRIES = 3;

function Retrying({ group }: { group: string }) {
  const { t } = useI18n();
  const revalidator = useRevalidator();
  const [attempt, setAttempt] = useState(0);
  useAsyncError();
  useEffect(() => {
    if (attempt >= MAX_RETRIES || revalidator.state !== "idle") return;
    const timer = setTimeout(
      () => {
        setAttempt((n) => n + 1);
        void revalidator.revalidate();
      },
      1000 * 2 ** attempt,
    );
    return () => clearTimeout(timer);
  }, [attempt, revalidator]);
  return (
    <p className="state state-error" role="status">
      {attempt < MAX_RETRIES ? t("common.retrying", { current: attempt + 1, max: MAX_RETRIES }) : t(`${group}.error`)}
    </p>
  );
}

/** emptyText={false} renders nothing for an empty list (for optional sections). */
export function DataState<T>({
  data,
  group,
  children,
  emptyText = true,
  loadingKey,
}: {
  data: Promise<T[]> | T[];
  group: string;
  children: (items: T[]) => React.ReactNode;
  emptyText?: boolean;
  loadingKey?: string;
}) {
  const { t } = useI18n();
  return (
    <Suspense
      fallback={
        <p className="state" role="status">
          {t(loadingKey ?? `${group}.loading`)}
        </p>
      }
    >
      <Await resolve={data} errorElement={<Retrying group={group} />}>
        {(items: T[]) => (items.length ? children(items) : emptyText ? <p className="state">{t(`${group}.empty`)}</p> : null)}
      </Await>
    </Suspense>
  );
}
