import { journeySuite } from '../support/suite';
import { administrationJourney } from './administration/administration';
import { dashboardsJourney } from './administration/dashboards';
import { equipmentJourney } from './administration/equipment';
import { messagesJourney } from './administration/messages';
import { stationsJourney } from './administration/stations';

/**
 * Administration, equipment, messages, dashboards and stations on one platform: each is one short journey,
 * and a platform of its own cost each about as much as the journey. Stations comes last, as the
 * station it adds would otherwise show in the others' pickers.
 */
// WEB_DIST lets a run use a web build made elsewhere (the shared dist may be mid-build).
const suite = journeySuite(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {});

administrationJourney(suite);
equipmentJourney(suite);
messagesJourney(suite);
dashboardsJourney(suite);
stationsJourney(suite);
