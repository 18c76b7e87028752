import { useRouteLoaderData } from "react-router";

/**
 * The data of a route that holds the calling component (the root, a layout): its loader ran before the
 * component rendered, so missing data means the component was placed outside that route.
 */
export function useEnclosingRouteData<T>(routeId: string) {
  const data = useRouteLoaderData<T>(routeId);
  if (data === undefined) throw new Error(`No data of route "${routeId}": the component renders outside it`);
  return data;
}
