import { useParams } from 'react-router';
import { PageFrame } from '@/components';
import { useSports } from '../api/get-sports';
import { SportMatches } from './sport-matches';
import './matches.css';

/** /all-sports/:sport_id: every match of one sport under its series, in play first. */
export function AllSportsPage() {
  const sportId = Number(useParams().sport_id);
  const { data: sports } = useSports();
  const sport = sports?.find((s) => s.sport_id === sportId);
  return (
    <PageFrame title={sport?.name ?? 'All Sports'} testId="all-sports-page">
      <SportMatches key={sportId} sportId={sportId} bySeries />
    </PageFrame>
  );
}
