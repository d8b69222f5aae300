/** Sites editors manage (seeds, scope, politeness, limits): the entity, its defaults and its service. */
package io.trawler.site;
