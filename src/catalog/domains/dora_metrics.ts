import { domain, id, str, oneOf, req, strList, type ParamSpec } from '../define.js';

const metricParams = (): Record<string, ParamSpec> => ({
  metric: req(oneOf(
    ['deployment_frequency', 'lead_time_for_changes', 'time_to_restore_service', 'change_failure_rate'],
    'The DORA metric to read',
  )),
  start_date: str('First date of the range (YYYY-MM-DD, default 3 months ago)'),
  end_date: str('Last date of the range (YYYY-MM-DD, default today)'),
  interval: oneOf(['all', 'monthly', 'daily'], 'Bucket size of the values (default daily)'),
  environment_tiers: strList('Environment tiers to include: production, staging, testing, development, other (default production)'),
});

export default domain('dora_metrics', 'DORA metrics (deployment frequency, lead time, time to restore, change failure rate) of projects and groups', {
  project: {
    summary: 'Get a DORA metric of a project over a date range (deployment frequency, lead time, MTTR, change failure rate)',
    rest: 'GET /projects/{project_id}/dora/metrics',
    elsewhere: { group_id: 'dora_metrics.group' },
    params: { project_id: id.project(), ...metricParams() },
    tier: 'ultimate',
    fineGrained: ['read_dora_metric'],
    keywords: 'DORA DevOps performance deploys lead time MTTR failure rate analytics four-keys accelerate time-to-restore velocity',
    examples: [
      'deployment frequency of acme/shop over the last 30 days',
      'what is the lead time for changes in project platform/api this quarter, by month?',
      'change failure rate of acme/payments production deploys since 2025-01-01',
      'DORA metrics for acme/checkout: time to restore service, monthly, this year',
      'how often does platform/mobile deploy to production per month?',
    ],
  },
  group: {
    summary: 'Get a DORA metric of a group and its projects over a date range',
    rest: 'GET /groups/{group_id}/dora/metrics',
    elsewhere: { project_id: 'dora_metrics.project' },
    params: { group_id: id.group(), ...metricParams() },
    tier: 'ultimate',
    fineGrained: ['read_dora_metric'],
    keywords: 'DORA DevOps performance deploys lead time MTTR failure rate analytics group four-keys accelerate time-to-restore org team velocity',
    examples: [
      'DORA deployment frequency for the whole acme group in May',
      'how fast do we restore service across group platform? time to restore by month',
      'lead time for changes across all projects of group acme/backend this year',
      'change failure rate across all of group payments last quarter',
      'deploy frequency for every project under acme, staging and production tiers',
    ],
  },
});
