/** Client telemetry into bounded Prometheus counters. */
export { telemetryRoutes } from './telemetry.routes.ts';
