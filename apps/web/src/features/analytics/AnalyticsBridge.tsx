import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { configQuery } from '../app-config/configQuery';
import { useConsent } from '../consent/consentStore';
import { interactionOf, startAnalytics, trackInteraction, trackPageView } from '../../lib/analytics';

/** Starts analytics once consent and a container id are both there, then reports views and clicks. */
export function AnalyticsBridge() {
  const consent = useConsent();
  const location = useLocation();
  const config = useQuery({ ...configQuery, enabled: consent === true });
  const containerId = consent === true ? (config.data?.analytics_container_id ?? null) : null;
  const [active, setActive] = useState(false);

  useEffect(() => {
    if (!containerId) return;
    startAnalytics(containerId);
    setActive(true);
  }, [containerId]);

  useEffect(() => {
    if (active) trackPageView(location.pathname);
  }, [active, location.pathname]);

  useEffect(() => {
    if (!active) return;
    const onClick = (event: MouseEvent) => {
      const interaction = interactionOf(event.target);
      if (interaction) trackInteraction(interaction.label, interaction.element);
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, [active]);

  return null;
}
